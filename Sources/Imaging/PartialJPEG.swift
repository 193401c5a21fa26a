// PartialJPEG: what the first bytes of a JPEG still downloading can show — a progressive JPEG's first scans hold
// the whole picture, blurred; decoded before the rest arrives, they are a preview.
import Foundation

public enum PartialJPEG {
    /// Whether `bytes` begin a progressive JPEG and hold at least one whole scan (the next has begun).
    public static func hasWholeScan(_ bytes: Data) -> Bool { wholeScans(of: bytes) != nil }

    /// The prefix of a progressive JPEG's `bytes` that ends where its last scan so far begins — every scan in it
    /// whole — or `nil` before the first scan is whole. libvips decodes it to the whole picture at the detail of
    /// those scans.
    public static func wholeScans(of bytes: Data) -> Data? {
        guard isProgressive(bytes) else { return nil }
        let scans = scanStarts(in: [UInt8](bytes))
        guard scans.count >= 2, let last = scans.last else { return nil }
        return bytes.prefix(last)
    }

    /// Where each scan's SOS marker starts, stepping over segments and entropy-coded data.
    private static func scanStarts(in bytes: [UInt8]) -> [Int] {
        var starts: [Int] = []
        var at = 2
        while at + 1 < bytes.count {
            guard bytes[at] == 0xFF else { at += 1; continue }  // entropy-coded data
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }  // a fill byte
            if marker == 0x00 || marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }  // stuffing, RSTn, TEM
            if marker == 0xD9 { break }
            if marker == 0xDA { starts.append(at) }
            guard at + 3 < bytes.count else { break }
            at += 2 + (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]))
        }
        return starts
    }

    /// Whether the image data (the first scan) has begun: every header, the EXIF block included, is in.
    public static func imageDataHasBegun(_ bytes: Data) -> Bool {
        bytes.withUnsafeBytes { DirectJPEG.scanCount($0) } >= 1
    }

    /// Whether the frame header before the first scan is a progressive one (SOF2); `false` also while the
    /// header has not arrived yet.
    public static func isProgressive(_ bytes: Data) -> Bool {
        let head = [UInt8](bytes.prefix(256 << 10))
        guard head.count > 4, head[0] == 0xFF, head[1] == 0xD8 else { return false }
        var position = 2
        while position + 4 <= head.count, head[position] == 0xFF {
            let marker = head[position + 1]
            if marker == 0xC2 { return true }
            if marker == 0xDA || marker == 0xD9 || (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                return false  // another frame type, or the image data before any frame header
            }
            let length = Int(head[position + 2]) << 8 | Int(head[position + 3])
            guard length >= 2 else { return false }
            position += 2 + length
        }
        return false
    }
}
