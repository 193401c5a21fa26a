// Render+Animation: `render` of an animated GIF or WebP — shown as soon as its first frame is made, the others
// joining as they are: kitty is sent each frame once and plays them itself; sixel, iTerm2 and text art are played
// by `AnimationLoop` (one picture only); anything else stays a still picture.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import Thumbnails

extension Snapterm.Render {
    /// The animated rendering of `source` (its first frame, the rest still being made), or `nil` to render it still:
    /// not an animation, an animation refused by the limits or damaged (the still path shows its first frame, or
    /// says why it cannot), or a mode `render` would have to loop in while other pictures are shown (`loops` false).
    func animated(_ named: CommandLineSource, _ source: URL, with setup: RenderSetup, policy: CachePolicy, loops: Bool) async throws -> Rendered? {
        let kitty = setup.box.mode == .kitty
        guard kitty || loops, Self.mayBeAnimation(named) else { return nil }
        let loaded = try await setup.loader.data(for: source, cachePolicy: policy)
        guard AnimationDecoder.mayBeAnimated(loaded.data) else { return nil }
        let feed = AnimationFeed(source, for: setup.box, loader: setup.loader, priority: .veryHigh, cachePolicy: policy)
        guard let first = await feed.firstFrame() else { return nil }
        let notes = stats ? [StatsLine.describe(loaded)] : []
        guard kitty else { return Rendered(bytes: nil, notes: notes, animation: .inPlace(feed)) }
        guard case .kitty(let png, let columns, let rows) = first.frames[0] else { return nil }
        let id = Int.random(in: 0x100...0xFF_FFFF)
        let bytes = KittyAnimation.start(id: id, first: .png(png), gap: first.gaps[0], columns: columns, rows: rows)
        return Rendered(bytes: bytes + Data("\n".utf8), notes: notes, animation: .kitty(id: id, feed: feed))
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

/// An animation `render` goes on with once every picture is out.
enum RenderedAnimation: Sendable {
    /// kitty plays it: its frames past the first are sent under image `id` as they are made.
    case kitty(id: Int, feed: AnimationFeed)
    /// `render` plays it itself (`AnimationLoop`).
    case inPlace(AnimationFeed)

    /// Sends or plays the rest (`duration`: how long `render` plays one itself, from its first frame on); the
    /// `--stats` line of what was shown. It waits for frames and keys on a thread of its own: the frames' load goes
    /// on on the concurrency pool's threads.
    func finish(duration: Duration?) async -> String {
        await withCheckedContinuation { (done: CheckedContinuation<String, Never>) in
            Thread.detachNewThread { done.resume(returning: finishBlocking(duration: duration)) }
        }
    }

    private func finishBlocking(duration: Duration?) -> String {
        switch self {
        case .kitty(let id, let feed):
            let animation = Self.sendLaterFrames(id: id, feed: feed)
            return "animation: \(animation.frames.count) frames sent, gaps=\(animation.gaps.map(String.init).joined(separator: ","))ms"
        case .inPlace(let feed):
            let played = AnimationLoop(feed: feed, duration: duration).play()
            let time = played.time.map { " for \(Int(($0 / .milliseconds(1)).rounded(.down))) ms" } ?? ""
            return "animation: \(played.frames) frames drawn\(time) from the first frame on, \(played.made) made"
        }
    }

    /// Writes each kitty frame past the first as it is made, then starts the loop; the animation as it ended.
    private static func sendLaterFrames(id: Int, feed: AnimationFeed) -> AnimatedThumbnail {
        var sent = 1
        while true {
            let (made, ended) = feed.wait(forMoreThan: sent)
            guard let made else { preconditionFailure("a feed with a first frame keeps it") }
            for (picture, gap) in zip(made.frames, made.gaps).dropFirst(sent) {
                if case .kitty(let png, _, _) = picture { Console.writeOut(KittyAnimation.frame(id: id, .png(png), gap: gap)) }
            }
            sent = made.frames.count
            if ended {
                Console.writeOut(KittyAnimation.play(id: id, loopCount: made.loopCount))
                return made
            }
        }
    }
}
