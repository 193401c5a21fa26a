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
        var finder = ScanFinder()
        finder.advance(over: bytes)
        return finder.wholeScans(of: bytes)
    }

    /// Finds where the scans of a JPEG still downloading begin, going on from where it stopped: each byte is
    /// looked at once over the whole download (not once for every piece that arrives).
    public struct ScanFinder: Sendable {
        /// Where each scan's SOS marker starts, so far.
        public private(set) var starts: [Int] = []
        private var position = 2
        private var ended = false

        /// Creates a finder at the start of a JPEG.
        public init() {}

        /// Goes on over `bytes` (the download so far: what `advance` saw before, and more), stepping over segments
        /// and entropy-coded data.
        public mutating func advance(over bytes: Data) {
            guard !ended else { return }
            bytes.withUnsafeBytes { raw in
                let count = raw.count
                var at = position
                while at + 1 < count {
                    guard raw[at] == 0xFF else { at += 1; continue }  // entropy-coded data
                    let marker = raw[at + 1]
                    if marker == 0xFF { at += 1; continue }  // a fill byte
                    if marker == 0x00 || marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }  // stuffing, RSTn, TEM
                    if marker == 0xD9 { ended = true; break }
                    guard at + 3 < count else { break }  // the segment's length has not arrived: look again from here
                    if marker == 0xDA { starts.append(at) }
                    at += 2 + (Int(raw[at + 2]) << 8 | Int(raw[at + 3]))
                }
                position = at
            }
        }

        /// The prefix of `bytes` that ends where the last scan so far begins (every scan in it whole), or `nil`
        /// before the first scan is whole.
        public func wholeScans(of bytes: Data) -> Data? {
            guard starts.count >= 2, let last = starts.last, last <= bytes.count else { return nil }
            return bytes.prefix(last)
        }
    }

    /// Whether the image data (the first scan) has begun: every header, the EXIF block included, is in. Never for
    /// bytes that do not start as a JPEG (whose markers were walked to the end: 0.4 ms of a 1280×800 TIFF's
    /// `render`).
    public static func imageDataHasBegun(_ bytes: Data) -> Bool {
        bytes.starts(with: [0xFF, 0xD8]) && bytes.withUnsafeBytes { DirectJPEG.scanCount($0) } >= 1
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
