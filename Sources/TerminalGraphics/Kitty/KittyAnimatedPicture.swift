// KittyAnimatedPicture: a kitty picture that plays by itself — its first frame and the frames kitty adds to it —
// kept by the thumbnail cache as one blob beside TerminalPicture's encodings.
import Foundation

/// An animation for a kitty terminal: the picture sent (its first frame, and the cells it fills) and the frames
/// the terminal adds to it and plays (`KittyAnimation.addFrames`), so a list shows it playing for no more bytes
/// than the frames themselves, sent once.
public struct KittyAnimatedPicture: Sendable, Hashable {
    /// The most frames a blob is read with (the animation decoder's own cap is lower).
    static let maximumFrames = 10_000

    /// Every frame as PNG, in order.
    public var frames: [Data]
    /// Milliseconds each frame stays, one per frame.
    public var gaps: [Int]
    /// How many times it plays: 0 for ever.
    public var loopCount: Int
    /// The cells the picture fills.
    public var columns: Int
    public var rows: Int

    /// Creates the picture from at least two frames with one gap each.
    public init?(frames: [Data], gaps: [Int], loopCount: Int, columns: Int, rows: Int) {
        guard frames.count >= 2, gaps.count == frames.count, columns > 0, rows > 0 else { return nil }
        self.frames = frames
        self.gaps = gaps
        self.loopCount = loopCount
        self.columns = columns
        self.rows = rows
    }

    /// The first frame, as the picture a placer transmits.
    public var picture: TerminalPicture { .kitty(png: frames[0], columns: columns, rows: rows) }

    /// What the placer adds to the transmitted picture so that kitty plays it.
    public var laterFrames: KittyFrames {
        KittyFrames(later: frames.dropFirst().map { .png($0) }, gaps: gaps, loopCount: loopCount)
    }

    /// One blob: `A` cols,rows,loops `;` gaps `;` the PNGs' lengths `;` the PNGs.
    public var encoded: Data {
        var out = Data("A\(columns),\(rows),\(loopCount);".utf8)
        out += Data((gaps.map(String.init).joined(separator: ",") + ";").utf8)
        out += Data((frames.map { String($0.count) }.joined(separator: ",") + ";").utf8)
        for frame in frames { out += frame }
        return out
    }

    /// Reads a blob made by `encoded`; `nil` for anything else (a still `TerminalPicture` among them).
    public init?(encoded: Data) {
        guard encoded.first == UInt8(ascii: "A") else { return nil }
        var rest = encoded.dropFirst()
        func numbers() -> [Int]? {
            guard let end = rest.prefix(16 * Self.maximumFrames).firstIndex(of: UInt8(ascii: ";")) else { return nil }
            let fields = rest[rest.startIndex..<end].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            rest = rest[(end + 1)...]
            let values = fields.compactMap { Int(String(decoding: $0, as: UTF8.self)) }
            return values.count == fields.count && values.allSatisfy({ $0 >= 0 }) ? values : nil
        }
        guard let header = numbers(), header.count == 3, let gaps = numbers(), let lengths = numbers(),
              lengths.count <= Self.maximumFrames,
              lengths.reduce(0, { $0.addingReportingOverflow($1).overflow ? Int.max : $0 + $1 }) == rest.count else { return nil }
        var frames: [Data] = []
        for length in lengths {
            frames.append(Data(rest.prefix(length)))
            rest = rest.dropFirst(length)
        }
        self.init(frames: frames, gaps: gaps, loopCount: header[2], columns: header[0], rows: header[1])
    }
}
