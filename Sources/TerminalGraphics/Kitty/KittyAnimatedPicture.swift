// KittyAnimatedPicture: a kitty picture that plays by itself — its first frame and the frames kitty adds to it —
// kept by the thumbnail cache as one blob beside TerminalPicture's encodings.
import Foundation

/// An animation for a kitty terminal: the picture sent (its first frame, and the cells it fills) and the frames
/// the terminal adds to it and plays (`KittyAnimation.addFrames`), so a list shows it playing for no more bytes
/// than the frames themselves, sent once.
public struct KittyAnimatedPicture: Sendable, Hashable {
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

    /// One blob (`FramesBlob`, tag `A`): cols, rows, loops, then the gaps and the PNGs.
    public var encoded: Data {
        FramesBlob(header: [columns, rows, loopCount], gaps: gaps, frames: frames).encoded(tag: "A")
    }

    /// Reads a blob made by `encoded`; `nil` for anything else (a still `TerminalPicture` among them).
    public init?(encoded: Data) {
        guard let blob = FramesBlob(encoded: encoded, tag: "A", headerCount: 3) else { return nil }
        self.init(frames: blob.frames, gaps: blob.gaps, loopCount: blob.header[2], columns: blob.header[0], rows: blob.header[1])
    }
}
