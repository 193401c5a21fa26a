// PartialJPEG: what the first bytes of a JPEG still downloading can show — a progressive JPEG's first scans hold
// the whole picture, blurred; decoded before the rest arrives, they are a preview.
import Foundation

public enum PartialJPEG {
    /// Whether `bytes` begin a progressive JPEG and hold at least one whole scan (the next has begun): libvips
    /// decodes such a prefix to the whole picture at the detail of the scans so far.
    public static func hasWholeScan(_ bytes: Data) -> Bool {
        guard isProgressive(bytes) else { return false }
        return bytes.withUnsafeBytes { DirectJPEG.scanCount($0) } >= 2
    }

    /// Whether the frame header before the first scan is a progressive one (SOF2).
    private static func isProgressive(_ bytes: Data) -> Bool {
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
