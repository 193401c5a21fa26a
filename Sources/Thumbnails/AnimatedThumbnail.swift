// AnimatedThumbnail: an animated GIF or WebP encoded for a box — one terminal picture per frame, with the file's gaps.
import Foundation
import Imaging
import TerminalGraphics

/// The frames of an animation encoded for one box (all the same cells), how long each stays and how often it plays.
/// While it is still being made (`ThumbnailEncoder.animation(_:for:limits:each:)`), `frames` holds the first frames
/// only and `gaps` all of them.
public struct AnimatedThumbnail: Sendable {
    /// One picture per frame, in order (while being made: the frames encoded so far).
    public var frames: [TerminalPicture]
    /// Milliseconds each frame stays before the next (as browsers play them: `Animation.playedGap`), one per frame
    /// of the whole animation.
    public var gaps: [Int]
    /// How many times it plays: 0 for ever.
    public var loopCount: Int
    /// The cells every frame occupies.
    public var geometry: CellGeometry

    /// Whether every frame is there.
    public var isComplete: Bool { frames.count == gaps.count }
}

extension ThumbnailEncoder {
    /// Every frame of `data` scaled and encoded for `box`, or `nil` when `data` is not an animation (one
    /// frame, or not a GIF or WebP — told from its first bytes, without reading the header).
    /// Throws `ImagingError.tooManyFrames` / `.animationTooLarge` from the header, before decoding.
    ///
    /// Frames are encoded while the later ones decode (on a thread of their own); `each` is handed the animation
    /// after every frame, its first frames only until the last (`isComplete`), so a caller can show the first
    /// frame at once. Returning false stops the work; the frames so far are returned.
    public func animation(_ data: Data, for box: ThumbnailBox, limits: AnimationLimits = AnimationLimits(),
                          each: (AnimatedThumbnail) -> Bool = { _ in true }) throws -> AnimatedThumbnail? {
        guard AnimationDecoder.mayBeAnimated(data) else { return nil }
        let info = try processor.info(of: data)
        guard info.frameCount > 1 else { return nil }
        let geometry = try box.geometry(imageWidth: info.width, imageHeight: info.height)
        let decoder = AnimationDecoder(processor: processor, limits: limits)
        let decoded = DecodedFrames()
        let decoding = Thread {
            decoded.finish(Result { () throws(ImagingError) -> Animation? in
                try decoder.decode(data, width: geometry.pixelWidth, height: geometry.pixelHeight) { decoded.put($0, index: $1, outline: $2) }
            })
        }
        decoding.start()
        defer { decoded.stop() }
        var made: AnimatedThumbnail?
        while let (bitmap, outline) = decoded.next() {
            // Each frame is drawn over the one before: a transparent pixel left unpainted would keep the old one
            let picture = try encode(bitmap, geometry: geometry, for: box, inPlace: true)
            made = made ?? AnimatedThumbnail(frames: [], gaps: outline.gaps, loopCount: outline.loopCount, geometry: geometry)
            made?.frames.append(picture)
            guard let made, each(made) else { return made }
        }
        guard try decoded.ending() else { return nil }
        return made
    }
}

extension ThumbnailEncoder {
    /// Every frame of an animated GIF or WebP encoded for a kitty `box`, as one picture kitty plays; `nil` for a
    /// still picture, or for a box of another mode. `first` is handed the first frame as soon as it is encoded.
    public func kittyAnimation(_ data: Data, for box: ThumbnailBox,
                               first: (TerminalPicture) -> Void) throws -> KittyAnimatedPicture? {
        guard box.mode == .kitty, let animation = try animation(data, for: box, each: { made in
            if made.frames.count == 1 { first(made.frames[0]) }
            return true
        }) else { return nil }
        let pngs: [Data] = animation.frames.compactMap { if case .kitty(let png, _, _) = $0 { png } else { nil } }
        guard pngs.count == animation.frames.count, case .kitty(_, let columns, let rows) = animation.frames[0] else { return nil }
        return KittyAnimatedPicture(frames: pngs, gaps: animation.gaps, loopCount: animation.loopCount, columns: columns, rows: rows)
    }
}
