// AnimatedThumbnail: an animated GIF or WebP encoded for a box — one terminal picture per frame, with the file's gaps.
import Foundation
import TerminalGraphics

/// The frames of an animation encoded for one box (all the same cells), how long each stays and how often it plays.
/// While it is still being made (a `ThumbnailURL.frames(of:box:)` load's previews), `frames` holds the first frames
/// only and `gaps` all of them.
public struct AnimatedThumbnail: Sendable, Hashable {
    /// One picture per frame, in order (while being made: the frames encoded so far).
    public var frames: [TerminalPicture]
    /// Milliseconds each frame stays before the next (as browsers play them: `Animation.playedGap`), one per frame
    /// of the whole animation.
    public var gaps: [Int]
    /// How many times it plays: 0 for ever.
    public var loopCount: Int
    /// The cells every frame occupies.
    public var columns: Int
    public var rows: Int

    /// Creates an animation from its frames so far.
    public init(frames: [TerminalPicture], gaps: [Int], loopCount: Int, columns: Int, rows: Int) {
        self.frames = frames
        self.gaps = gaps
        self.loopCount = loopCount
        self.columns = columns
        self.rows = rows
    }

    /// Whether every frame is there.
    public var isComplete: Bool { frames.count == gaps.count }

    /// The animation cut to the frames made (a frame past them failed): complete, with their gaps.
    var endingHere: AnimatedThumbnail {
        AnimatedThumbnail(frames: frames, gaps: Array(gaps.prefix(frames.count)), loopCount: loopCount, columns: columns, rows: rows)
    }

    /// Every frame as one picture kitty plays; `nil` unless it is complete, of two frames or more, and made for kitty.
    public var kittyPicture: KittyAnimatedPicture? {
        guard isComplete else { return nil }
        let pngs: [Data] = frames.compactMap { if case .kitty(let png, _, _) = $0 { png } else { nil } }
        guard pngs.count == frames.count else { return nil }
        return KittyAnimatedPicture(frames: pngs, gaps: gaps, loopCount: loopCount, columns: columns, rows: rows)
    }

    /// One blob (`FramesBlob`, tag `F`): cols, rows, loops, then the gaps and each frame's `TerminalPicture` encoding.
    public var encoded: Data {
        FramesBlob(header: [columns, rows, loopCount], gaps: gaps, frames: frames.map(\.encoded)).encoded(tag: "F")
    }

    /// Reads a blob made by `encoded`; `nil` for anything else, or one with no frame or more frames than gaps.
    public init?(encoded: Data) {
        guard let blob = FramesBlob(encoded: encoded, tag: "F", headerCount: 3),
              !blob.frames.isEmpty, blob.frames.count <= blob.gaps.count else { return nil }
        let pictures = blob.frames.compactMap(TerminalPicture.init(encoded:))
        guard pictures.count == blob.frames.count else { return nil }
        self.init(frames: pictures, gaps: blob.gaps, loopCount: blob.header[2], columns: blob.header[0], rows: blob.header[1])
    }
}
