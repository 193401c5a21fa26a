// ProtobufWriter: builds protobuf (vector tile) bytes by hand for the decoder and bring-your-own-tiles tests.

/// Builds protobuf bytes by hand (varints, zigzag, length-delimited fields).
struct ProtobufWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 { bytes.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        bytes.append(UInt8(v))
    }

    mutating func key(_ field: Int, _ wire: Int) { varint(UInt64(field << 3 | wire)) }
    mutating func field(_ field: Int, varint value: UInt64) { key(field, 0); varint(value) }
    mutating func field(_ field: Int, bytes data: [UInt8]) { key(field, 2); varint(UInt64(data.count)); bytes += data }
    mutating func field(_ field: Int, string: String) { self.field(field, bytes: Array(string.utf8)) }
    mutating func field(_ field: Int, packed values: [UInt32]) {
        var inner = ProtobufWriter()
        for v in values { inner.varint(UInt64(v)) }
        self.field(field, bytes: inner.bytes)
    }

    static func zigzag(_ v: Int32) -> UInt32 { UInt32(bitPattern: (v << 1) ^ (v >> 31)) }
    static func command(_ id: UInt32, _ count: UInt32) -> UInt32 { id | count << 3 }
}
