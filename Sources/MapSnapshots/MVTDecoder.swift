// MVTDecoder: a small hand-written protobuf reader for Mapbox Vector Tiles (varints, zigzag, packed commands).
import Foundation

/// Decodes the protobuf bytes of one Mapbox Vector Tile (already inflated).
public enum MVTDecoder {
    /// Why a tile could not be decoded.
    public struct DecodingError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What was wrong.
        public let reason: String
        /// The reason.
        public var description: String { reason }
    }

    /// Decodes `data`; unknown fields are skipped, damaged bytes throw.
    public static func decode(_ data: Data) throws(DecodingError) -> VectorTile {
        let bytes = [UInt8](data)
        var reader = ProtobufReader(bytes: bytes, range: 0..<bytes.count)
        var layers: [VectorLayer] = []
        while let key = try reader.nextKey() {
            if key.field == 3, key.wire == 2 {
                layers.append(try decodeLayer(ProtobufReader(bytes: bytes, range: try reader.lengthDelimited())))
            } else {
                try reader.skip(key.wire)
            }
        }
        return VectorTile(layers: layers)
    }

    private static func decodeLayer(_ input: ProtobufReader) throws(DecodingError) -> VectorLayer {
        var reader = input
        var name = ""
        var extent = 4096
        var keys: [String] = []
        var values: [VectorValue] = []
        var featureRanges: [Range<Int>] = []
        while let key = try reader.nextKey() {
            switch (key.field, key.wire) {
            case (1, 2): name = reader.string(try reader.lengthDelimited())
            case (2, 2): featureRanges.append(try reader.lengthDelimited())
            case (3, 2): keys.append(reader.string(try reader.lengthDelimited()))
            case (4, 2): values.append(try decodeValue(ProtobufReader(bytes: reader.bytes, range: try reader.lengthDelimited())))
            case (5, 0): extent = Int(clamping: try reader.varint())
            default: try reader.skip(key.wire)
            }
        }
        guard extent > 0 else { throw DecodingError(reason: "layer \(name) has extent 0") }
        var features: [VectorFeature] = []
        features.reserveCapacity(featureRanges.count)
        for range in featureRanges {
            features.append(try decodeFeature(ProtobufReader(bytes: reader.bytes, range: range), keys: keys, values: values))
        }
        return VectorLayer(name: name, extent: extent, features: features)
    }

    private static func decodeValue(_ input: ProtobufReader) throws(DecodingError) -> VectorValue {
        var reader = input
        var value = VectorValue.int(0)
        while let key = try reader.nextKey() {
            switch (key.field, key.wire) {
            case (1, 2): value = .string(reader.string(try reader.lengthDelimited()))
            case (2, 5): value = .double(Double(Float(bitPattern: try reader.fixed32())))
            case (3, 1): value = .double(Double(bitPattern: try reader.fixed64()))
            case (4, 0): value = .int(Int64(bitPattern: try reader.varint()))
            case (5, 0): value = .int(Int64(clamping: try reader.varint()))
            case (6, 0): value = .int(ProtobufReader.zigzag(try reader.varint()))
            case (7, 0): value = .bool(try reader.varint() != 0)
            default: try reader.skip(key.wire)
            }
        }
        return value
    }

    private static func decodeFeature(
        _ input: ProtobufReader, keys: [String], values: [VectorValue]
    ) throws(DecodingError) -> VectorFeature {
        var reader = input
        var type = VectorGeometryType.unknown
        var tags: [UInt64] = []
        var commands: [UInt32] = []
        var packedGeometry: Range<Int>?
        while let key = try reader.nextKey() {
            switch (key.field, key.wire) {
            case (2, 2): tags = try reader.packedVarints(try reader.lengthDelimited())
            case (2, 0): tags.append(try reader.varint())
            case (3, 0): type = VectorGeometryType(rawValue: UInt8(truncatingIfNeeded: try reader.varint())) ?? .unknown
            case (4, 2): packedGeometry = try reader.lengthDelimited()
            case (4, 0): commands.append(UInt32(truncatingIfNeeded: try reader.varint()))
            default: try reader.skip(key.wire)
            }
        }
        var properties: [String: VectorValue] = [:]
        var index = 0
        while index + 1 < tags.count {
            let key = Int(clamping: tags[index]), value = Int(clamping: tags[index + 1])
            guard key < keys.count, value < values.count else { throw DecodingError(reason: "feature tag out of range") }
            properties[keys[key]] = values[value]
            index += 2
        }
        let (coordinates, parts): ([Int32], [Int32])
        if let packedGeometry {
            (coordinates, parts) = try decodePackedGeometry(reader.bytes, packedGeometry)
        } else {
            var index = 0
            (coordinates, parts) = try decodeGeometry(count: commands.count) { () throws(DecodingError) -> UInt32? in
                defer { index += 1 }
                return index < commands.count ? commands[index] : nil
            }
        }
        return VectorFeature(type: type, properties: properties, coordinates: coordinates, partStarts: parts)
    }

    /// The hot path: geometry commands straight from the packed bytes, without intermediate arrays.
    static func decodePackedGeometry(_ bytes: [UInt8], _ range: Range<Int>) throws(DecodingError) -> ([Int32], [Int32]) {
        var coordinates: [Int32] = []
        coordinates.reserveCapacity(range.count)
        var parts: [Int32] = []
        let failed: Bool = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var position = range.lowerBound
            let end = range.upperBound
            @inline(__always) func next() -> UInt32? {
                var result: UInt32 = 0
                var shift: UInt32 = 0
                while position < end {
                    let byte = buffer[position]
                    position += 1
                    result |= UInt32(byte & 0x7F) &<< shift
                    if byte < 0x80 { return result }
                    shift += 7
                    if shift > 28 { return nil }
                }
                return nil
            }
            var x: Int32 = 0, y: Int32 = 0
            while position < end {
                guard let command = next() else { return true }
                let id = command & 0x7, repeats = Int(command >> 3)
                switch id {
                case 1, 2:
                    for _ in 0..<repeats {
                        guard let dx = next(), let dy = next() else { return true }
                        x &+= Int32(bitPattern: (dx >> 1) ^ (0 &- (dx & 1)))
                        y &+= Int32(bitPattern: (dy >> 1) ^ (0 &- (dy & 1)))
                        if id == 1 || parts.isEmpty { parts.append(Int32(coordinates.count / 2)) }
                        coordinates.append(x)
                        coordinates.append(y)
                    }
                case 7:
                    continue
                default:
                    return true
                }
            }
            return false
        }
        if failed { throw DecodingError(reason: "damaged geometry commands") }
        return (coordinates, parts)
    }

    /// Runs the geometry commands read one by one from `next` (nil at the end): MoveTo starts a
    /// part, LineTo extends it, ClosePath ends a ring. `count` sizes the buffers.
    static func decodeGeometry(
        count: Int, _ next: () throws(DecodingError) -> UInt32?
    ) throws(DecodingError) -> ([Int32], [Int32]) {
        var coordinates: [Int32] = []
        coordinates.reserveCapacity(count)
        var parts: [Int32] = []
        var x: Int32 = 0, y: Int32 = 0
        while let command = try next() {
            let id = command & 0x7, repeats = Int(command >> 3)
            switch id {
            case 1, 2:
                for _ in 0..<repeats {
                    guard let dx = try next(), let dy = try next() else {
                        throw DecodingError(reason: "geometry command runs past the end")
                    }
                    x &+= Int32(truncatingIfNeeded: ProtobufReader.zigzag(UInt64(dx)))
                    y &+= Int32(truncatingIfNeeded: ProtobufReader.zigzag(UInt64(dy)))
                    if id == 1 || parts.isEmpty { parts.append(Int32(coordinates.count / 2)) }
                    coordinates.append(x)
                    coordinates.append(y)
                }
            case 7:
                break  // ClosePath: rings are closed when drawn.
            default:
                throw DecodingError(reason: "unknown geometry command \(id)")
            }
        }
        return (coordinates, parts)
    }
}

/// A cursor over protobuf bytes.
struct ProtobufReader {
    let bytes: [UInt8]
    private var position: Int
    private let end: Int

    init(bytes: [UInt8], range: Range<Int>) {
        self.bytes = bytes
        position = range.lowerBound
        end = range.upperBound
    }

    static func zigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    var isAtEnd: Bool { position >= end }

    mutating func nextKey() throws(MVTDecoder.DecodingError) -> (field: Int, wire: Int)? {
        guard position < end else { return nil }
        let key = try varint()
        return (Int(truncatingIfNeeded: key >> 3), Int(key & 7))
    }

    mutating func varint() throws(MVTDecoder.DecodingError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < end {
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
            guard shift < 64 else { break }
        }
        throw MVTDecoder.DecodingError(reason: "truncated or overlong varint")
    }

    mutating func lengthDelimited() throws(MVTDecoder.DecodingError) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(end - position) else { throw MVTDecoder.DecodingError(reason: "field runs past the end") }
        let start = position
        position += Int(length)
        return start..<position
    }

    mutating func fixed32() throws(MVTDecoder.DecodingError) -> UInt32 {
        guard end - position >= 4 else { throw MVTDecoder.DecodingError(reason: "truncated fixed32") }
        var value: UInt32 = 0
        for offset in 0..<4 { value |= UInt32(bytes[position + offset]) << (8 * offset) }
        position += 4
        return value
    }

    mutating func fixed64() throws(MVTDecoder.DecodingError) -> UInt64 {
        guard end - position >= 8 else { throw MVTDecoder.DecodingError(reason: "truncated fixed64") }
        var value: UInt64 = 0
        for offset in 0..<8 { value |= UInt64(bytes[position + offset]) << (8 * offset) }
        position += 8
        return value
    }

    mutating func skip(_ wire: Int) throws(MVTDecoder.DecodingError) {
        switch wire {
        case 0: _ = try varint()
        case 1: _ = try fixed64()
        case 2: _ = try lengthDelimited()
        case 5: _ = try fixed32()
        default: throw MVTDecoder.DecodingError(reason: "unknown wire type \(wire)")
        }
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    func packedVarints(_ range: Range<Int>) throws(MVTDecoder.DecodingError) -> [UInt64] {
        var inner = ProtobufReader(bytes: bytes, range: range)
        var values: [UInt64] = []
        values.reserveCapacity(range.count)
        while inner.position < inner.end { values.append(try inner.varint()) }
        return values
    }
}
