// PictureAnimation: the full-screen picture view's animation — its frames made off the main actor, then a timer
// stepping through them with the file's gaps (kitty: every frame sent once, the terminal plays them); the view
// draws it in place of the still picture.
import Foundation
import SchemeLoader
import TerminalGraphics
import Thumbnails

/// Plays one animated GIF or WebP for a box. Nothing happens for other pictures (their first bytes tell,
/// so a JPEG costs one source load from the loader's caches and no decoding). Stopped by `stop()` or by
/// playing another picture; a picture and box already playing keep playing (a relayout does not restart it).
@MainActor
final class PictureAnimation {
    /// Called when another frame is due (or the first is ready).
    var onChange: (() -> Void)?
    private let sources: SchemeLoader
    private let encoder: ThumbnailEncoder
    private var key: URL?
    private var animation: AnimatedThumbnail?
    private var index = 0
    private var plays = 0
    private var task: Task<Void, Never>?

    /// Loads pictures through `sources` and encodes their frames with `encoder` on the shared workers.
    init(sources: SchemeLoader, encoder: ThumbnailEncoder = ThumbnailEncoder()) {
        self.sources = sources
        self.encoder = encoder
    }

    /// Plays `source` encoded for `box`, if it is an animation.
    func play(_ source: URL, box: ThumbnailBox) {
        let key = ThumbnailURL(source: source, box: box).url
        guard key != self.key else { return }
        stop()
        self.key = key
        task = Task { [weak self, sources, encoder] in
            guard let data = try? await sources.data(for: source).data,
                  let made = try? await WorkerPool.shared.run({ try encoder.animation(data, for: box) }),
                  !Task.isCancelled, self?.start(made) == true else { return }
            // Only a weak hold between frames: a view that goes away ends the timer at its next tick.
            while let gap = self?.currentGap {
                try? await Task.sleep(for: .milliseconds(gap))
                guard !Task.isCancelled, self?.advance() == true else { return }
            }
        }
    }

    /// Shows the first frame; true when a timer should step through the rest (kitty is given every frame once,
    /// `placed(in:)`, and plays them itself).
    private func start(_ made: AnimatedThumbnail) -> Bool {
        animation = made
        index = 0
        plays = 0
        onChange?()
        if case .kitty = made.frames[0] { return false }
        return true
    }

    /// How long the frame on screen stays.
    private var currentGap: Int? { animation?.gaps[index] }

    /// Shows the next frame; false once the file's loop count is played.
    private func advance() -> Bool {
        guard let animation else { return false }
        if index == animation.frames.count - 1 {
            plays += 1
            if animation.loopCount > 0, plays >= animation.loopCount { return false }
        }
        index = (index + 1) % animation.frames.count
        onChange?()
        return true
    }

    /// Stops and forgets the animation (the view shows its still picture again).
    func stop() {
        task?.cancel()
        task = nil
        key = nil
        animation = nil
        index = 0
    }

    /// The picture to place in `rect` now, or `nil` when nothing plays (not an animation, or its frames are not
    /// ready yet): the current frame, named by the picture's thumbnail URL and the frame's number; for kitty the
    /// first frame carrying all the others (`PlacedPicture.kittyFrames`), under one name.
    func placed(in rect: CellRect) -> PlacedPicture? {
        guard let animation, let key else { return nil }
        guard case .kitty = animation.frames[0] else {
            // Every frame has the still picture's size and is opaque (sixel over black, text art every cell).
            return PlacedPicture(rect: rect, identity: "\(key.absoluteString) frame \(index)", picture: animation.frames[index],
                                 replacesInPlace: true)
        }
        let later: [KittyPayload] = animation.frames.dropFirst().compactMap {
            if case .kitty(let png, _, _) = $0 { return .png(png) }
            return nil
        }
        return PlacedPicture(rect: rect, identity: "\(key.absoluteString) animated", picture: animation.frames[0],
                             kittyFrames: KittyFrames(later: later, gaps: animation.gaps, loopCount: animation.loopCount))
    }
}
