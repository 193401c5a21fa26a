// Render+Animation: `render` of an animated GIF or WebP — kitty is sent every frame once and plays them itself;
// sixel, iTerm2 and text art are played by `AnimationLoop` (one picture only); anything else stays a still picture.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import Thumbnails

extension Snapterm.Render {
    /// The animated rendering of `source`, or `nil` to render it still: not an animation, an animation refused
    /// by the limits or damaged (the still path shows its first frame, or says why it cannot), or a mode `render`
    /// would have to loop in while other pictures are shown (`loops` false).
    func animated(_ named: CommandLineSource, _ source: URL, with setup: RenderSetup, policy: CachePolicy, loops: Bool) async throws -> Rendered? {
        let kitty = setup.box.mode == .kitty
        guard kitty || loops, Self.mayBeAnimation(named) else { return nil }
        let loaded = try await setup.loader.data(for: source, cachePolicy: policy)
        guard AnimationDecoder.mayBeAnimated(loaded.data) else { return nil }
        let animation: AnimatedThumbnail
        do {
            guard let made = try setup.encoder.animation(loaded.data, for: setup.box) else { return nil }
            animation = made
        } catch is ImagingError {
            return nil  // refused by the limits, or a frame past the first is damaged: the first frame is still worth showing
        }
        let notes = stats ? [StatsLine.describe(loaded) + " frames=\(animation.frames.count) gaps=\(animation.gaps.map(String.init).joined(separator: ","))ms"] : []
        guard kitty else { return Rendered(bytes: nil, notes: notes, animation: animation) }
        let frames: [KittyPayload] = animation.frames.compactMap {
            if case .kitty(let png, _, _) = $0 { return .png(png) }
            return nil
        }
        let bytes = KittyAnimation.display(id: Int.random(in: 0x100...0xFF_FFFF), frames: frames, gaps: animation.gaps,
                                           loopCount: animation.loopCount, columns: animation.geometry.columns, rows: animation.geometry.rows)
        return Rendered(bytes: bytes + Data("\n".utf8), notes: notes)
    }

    /// Whether `named` may be an animation: a named file is told by its first bytes, read directly (a warm render
    /// of a JPEG then costs no source load); a file that cannot be read so (a FIFO) is left to the still path,
    /// which reads it once; any other URL may be one.
    static func mayBeAnimation(_ named: CommandLineSource) -> Bool {
        guard case .path(let url) = named else { return true }
        guard let path = RawPath(fileURL: url), let head = try? RegularFile(path: path, maxBytes: .max).read(upTo: 12) else { return false }
        return AnimationDecoder.mayBeAnimated(head)
    }
}
