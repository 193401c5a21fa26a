// AnimatedThumbnail: an animated GIF or WebP encoded for a box — one terminal picture per frame, with the file's gaps.
import Foundation
import Imaging
import TerminalGraphics

/// The frames of an animation encoded for one box (all the same cells), how long each stays and how often it plays.
public struct AnimatedThumbnail: Sendable {
    /// One picture per frame, in order.
    public var frames: [TerminalPicture]
    /// Milliseconds each frame stays before the next (as browsers play them: `Animation.playedGap`).
    public var gaps: [Int]
    /// How many times it plays: 0 for ever.
    public var loopCount: Int
    /// The cells every frame occupies.
    public var geometry: CellGeometry
}

extension ThumbnailEncoder {
    /// Every frame of `data` scaled and encoded for `box`, or `nil` when `data` is not an animation (one
    /// frame, or not a GIF or WebP — told from its first bytes, without reading the header).
    /// Throws `ImagingError.tooManyFrames` / `.animationTooLarge` from the header, before decoding.
    public func animation(_ data: Data, for box: ThumbnailBox, limits: AnimationLimits = AnimationLimits()) throws -> AnimatedThumbnail? {
        guard AnimationDecoder.mayBeAnimated(data) else { return nil }
        let info = try processor.info(of: data)
        guard info.frameCount > 1 else { return nil }
        let geometry = try box.geometry(imageWidth: info.width, imageHeight: info.height)
        let decoder = AnimationDecoder(processor: processor, limits: limits)
        guard let animation = try decoder.decode(data, width: geometry.pixelWidth, height: geometry.pixelHeight) else { return nil }
        // Each frame is drawn over the one before: a transparent pixel left unpainted would keep the old one
        let frames = try animation.frames.map { try encode($0, geometry: geometry, for: box, inPlace: true) }
        return AnimatedThumbnail(frames: frames, gaps: animation.gaps, loopCount: animation.loopCount, geometry: geometry)
    }
}

extension ThumbnailEncoder {
    /// Every frame of an animated GIF or WebP encoded for a kitty `box`, as one picture kitty plays; `nil` for a
    /// still picture, or for a box of another mode.
    public func kittyAnimation(_ data: Data, for box: ThumbnailBox) throws -> KittyAnimatedPicture? {
        guard box.mode == .kitty, let animation = try animation(data, for: box) else { return nil }
        let pngs: [Data] = animation.frames.compactMap { if case .kitty(let png, _, _) = $0 { png } else { nil } }
        guard pngs.count == animation.frames.count, case .kitty(_, let columns, let rows) = animation.frames[0] else { return nil }
        return KittyAnimatedPicture(frames: pngs, gaps: animation.gaps, loopCount: animation.loopCount, columns: columns, rows: rows)
    }
}
