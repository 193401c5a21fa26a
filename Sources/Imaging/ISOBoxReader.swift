// ISOBoxReader: the boxes of an ISO base media file (HEIF, AVIF) read strictly within bounds — no size trusted.

/// One box: its four-character type and where its payload lies in the file.
struct ISOBox: Equatable {
    /// The type as its four ASCII bytes, big-endian (`"meta"`).
    let type: UInt32
    /// The payload's bytes (after the size, type and any 64-bit size) within the file.
    let payload: Range<Int>

    /// The type as text, for messages.
    var typeName: String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: type >> UInt32($0)) }, as: UTF8.self)
    }

    /// `text`'s four ASCII bytes as a box type.
    static func fourCC(_ text: StaticString) -> UInt32 {
        text.withUTF8Buffer { $0.prefix(4).reduce(0) { $0 << 8 | UInt32($1) } }
    }
}

/// Reads big-endian fields and boxes from bytes in memory. Every read is checked against the range it
/// may use; a box whose size runs past its parent (or the file) is damage, reported as `corrupt`.
struct ISOBoxReader {
    /// The whole file.
    let bytes: UnsafeRawBufferPointer
    /// The format named in errors.
    let format: ImageFormat
    /// The most boxes read from one container: more is refused, so that a parse stays bounded.
    static let maxChildren = 100_000

    /// A `corrupt` error saying what is wrong with the boxes.
    func damaged(_ reason: String) -> ImagingError {
        .corrupt(format: format, reason: "its boxes are damaged: \(reason)")
    }

    /// The unsigned big-endian integer of `width` bytes (1…8) at `offset`, which must lie in `range`.
    func unsigned(_ offset: Int, width: Int, in range: Range<Int>) throws(ImagingError) -> UInt64 {
        guard width >= 1, width <= 8, offset >= range.lowerBound, offset <= range.upperBound - width,
              range.upperBound <= bytes.count else {
            throw damaged("a field runs past the end of its box")
        }
        var value: UInt64 = 0
        for index in offset..<offset + width { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    /// The 16-bit value at `offset` within `range`.
    func u16(_ offset: Int, in range: Range<Int>) throws(ImagingError) -> Int {
        Int(try unsigned(offset, width: 2, in: range))
    }

    /// The 32-bit value at `offset` within `range`.
    func u32(_ offset: Int, in range: Range<Int>) throws(ImagingError) -> Int {
        Int(try unsigned(offset, width: 4, in: range))
    }

    /// The boxes that fill `range`, in order. A 32-bit size of 1 means a 64-bit size follows; 0 means
    /// "to the end of the range". With `stopAt`, reading stops after the first box of that type (the
    /// boxes after it — a large `mdat` of a cut-short file — are not looked at).
    func children(of range: Range<Int>, stopAt: UInt32? = nil) throws(ImagingError) -> [ISOBox] {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { throw damaged("a box lies outside the file") }
        var boxes: [ISOBox] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            guard boxes.count < Self.maxChildren else { throw damaged("more than \(Self.maxChildren) boxes in one container") }
            let size32 = try unsigned(offset, width: 4, in: range)
            let type = UInt32(try unsigned(offset + 4, width: 4, in: range))
            var header = 8
            let size: UInt64
            switch size32 {
            case 0: size = UInt64(range.upperBound - offset)
            case 1:
                size = try unsigned(offset + 8, width: 8, in: range)
                header = 16
            default: size = size32
            }
            guard size >= UInt64(header), size <= UInt64(range.upperBound - offset) else {
                throw damaged("a '\(ISOBox(type: type, payload: 0..<0).typeName)' box of \(size) bytes does not fit its container")
            }
            let end = offset + Int(size)
            let box = ISOBox(type: type, payload: offset + header..<end)
            boxes.append(box)
            if let stopAt, type == stopAt { break }
            offset = end
        }
        return boxes
    }

    /// The version and flags of a full box, and the range of what follows them.
    func fullBox(_ box: ISOBox) throws(ImagingError) -> (version: Int, flags: Int, body: Range<Int>) {
        let word = try u32(box.payload.lowerBound, in: box.payload)
        return (word >> 24, word & 0xFF_FFFF, box.payload.lowerBound + 4..<box.payload.upperBound)
    }
}
