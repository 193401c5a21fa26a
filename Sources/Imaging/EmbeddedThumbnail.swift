// EmbeddedThumbnail: the small JPEG a camera or phone stores in a photo's EXIF block — a stand-in that costs
// microseconds to find, where decoding the 12-megapixel photo itself costs tens of milliseconds.
import Foundation

/// Finds the EXIF thumbnail of a JPEG (IFD1's `JPEGInterchangeFormat`) and returns it as a JPEG of its own that
/// carries the photo's EXIF orientation, so it turns like the photo when decoded. Every offset is checked before it
/// is read; anything unexpected means "no thumbnail".
public enum EmbeddedThumbnail {
    /// The largest thumbnail accepted: an EXIF block is at most 64 KiB.
    static let maxBytes = 65_533

    /// How far into a file the EXIF block is looked for: it comes before the image data, in the first segments.
    static let searchedBytes = 256 << 10

    /// The EXIF thumbnail of `jpeg` with the photo's orientation, or `nil` when there is none (or it is damaged).
    public static func jpeg(in jpeg: Data) -> Data? {
        guard let block = exifBlock(in: Array(jpeg.prefix(searchedBytes))) else { return nil }
        let exif = Array(block)
        guard let tiff = TIFFReader(exif) else { return nil }
        guard let first = tiff.ifdOffset(at: 4) else { return nil }
        let orientation = tiff.value(of: 0x0112, inIFDAt: first).flatMap { (1...8).contains($0) ? $0 : nil } ?? 1
        guard let second = tiff.nextIFDOffset(after: first), second != 0,
              let offset = tiff.value(of: 0x0201, inIFDAt: second), let length = tiff.value(of: 0x0202, inIFDAt: second),
              length > 4, length <= maxBytes, offset >= 0, offset <= exif.count - length else { return nil }
        let thumbnail = Array(exif[offset..<(offset + length)])
        guard thumbnail[0] == 0xFF, thumbnail[1] == 0xD8 else { return nil }
        return Data([0xFF, 0xD8] + orientationSegment(orientation) + thumbnail.dropFirst(2))
    }

    /// The TIFF data of the first APP1 `Exif` segment before the image data, or `nil`.
    private static func exifBlock(in jpeg: [UInt8]) -> ArraySlice<UInt8>? {
        guard jpeg.count > 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return nil }
        var position = 2
        while position + 4 <= jpeg.count, jpeg[position] == 0xFF {
            let marker = jpeg[position + 1]
            if marker == 0xDA || marker == 0xD9 { return nil }  // the image data (or the end): no EXIF before it
            let length = Int(jpeg[position + 2]) << 8 | Int(jpeg[position + 3])
            guard length >= 2, position + 2 + length <= jpeg.count else { return nil }
            let body = jpeg[(position + 4)..<(position + 2 + length)]
            if marker == 0xE1, body.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { return body.dropFirst(6) }
            position += 2 + length
        }
        return nil
    }

    /// An APP1 segment holding only an orientation tag (big-endian TIFF, one IFD of one entry).
    private static func orientationSegment(_ orientation: Int) -> [UInt8] {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8,  // "MM", 42, IFD0 at 8
                             0, 1,                              // one entry
                             0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0,  // Orientation, SHORT, 1
                             0, 0, 0, 0]                        // no next IFD
        let body: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0] + tiff
        let length = body.count + 2
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }
}

/// Reads IFD entries of a TIFF block (the EXIF data), checking every offset against its size.
private struct TIFFReader {
    let bytes: [UInt8]
    let bigEndian: Bool

    init?(_ block: [UInt8]) {
        bytes = block
        guard bytes.count >= 8 else { return nil }
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): bigEndian = false
        case (0x4D, 0x4D): bigEndian = true
        default: return nil
        }
        guard number(at: 2, size: 2) == 42 else { return nil }
    }

    /// A 32-bit offset stored at `position`, when it points inside the block.
    func ifdOffset(at position: Int) -> Int? {
        guard let offset = number(at: position, size: 4), offset >= 8, offset + 2 <= bytes.count else { return nil }
        return offset
    }

    /// The offset of the IFD after the one at `ifd` (0: none).
    func nextIFDOffset(after ifd: Int) -> Int? {
        guard let count = number(at: ifd, size: 2) else { return nil }
        let position = ifd + 2 + count * 12
        guard let next = number(at: position, size: 4) else { return nil }
        return next == 0 ? 0 : ifdOffset(at: position)
    }

    /// The SHORT or LONG value of `tag` in the IFD at `ifd`.
    func value(of tag: Int, inIFDAt ifd: Int) -> Int? {
        guard let count = number(at: ifd, size: 2), count <= 512 else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard number(at: entry, size: 2) == tag, let type = number(at: entry + 2, size: 2) else { continue }
            switch type {
            case 3: return number(at: entry + 8, size: 2)
            case 4: return number(at: entry + 8, size: 4)
            default: return nil
            }
        }
        return nil
    }

    private func number(at position: Int, size: Int) -> Int? {
        guard position >= 0, position + size <= bytes.count else { return nil }
        let digits = bytes[position..<(position + size)]
        return (bigEndian ? Array(digits) : digits.reversed()).reduce(0) { $0 << 8 | Int($1) }
    }
}
