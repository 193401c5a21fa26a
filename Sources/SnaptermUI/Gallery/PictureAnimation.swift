// PictureAnimation: the full-screen picture view's animation — its frames made off the main actor and shown from the
// first one on, a timer stepping through those made so far with the file's gaps (kitty: the first frame while the
// others are made, then every frame sent once, the terminal plays them); the view draws it in place of the still picture.
import Foundation
import SchemeLoader
import TerminalGraphics
import Thumbnails

/// Plays one animated GIF or WebP for a box, its frames loaded as a URL of the loader
/// (`ThumbnailURL.frames(of:box:)`). Nothing happens for other pictures (the frames stage tells from their first
/// bytes, so a JPEG costs one source load from the loader's caches and no decoding). Stopped by `stop()` or by
/// playing another picture; a picture and box already playing keep playing (a relayout does not restart it).
@MainActor
final class PictureAnimation {
    /// Called when another frame is due (or the first is ready).
    var onChange: (() -> Void)?
    private let loader: SchemeLoader
    private var key: URL?
    private var animation: AnimatedThumbnail?
    private var feed: AnimationFeed?
    private var index = 0
    private var plays = 0
    private var task: Task<Void, Never>?

    /// The priority of the picture on screen: its frames' load, and so its source and its work on the workers.
    static let priority = LoadPriority.veryHigh

    /// Loads animations' frames through `loader` (its thumbnail stage makes them), at the view's priority.
    init(loader: SchemeLoader) {
        self.loader = loader
    }

    /// Plays `source` encoded for `box`, if it is an animation.
    func play(_ source: URL, box: ThumbnailBox) {
        let key = ThumbnailURL(source: source, box: box).url
        guard key != self.key else { return }
        stop()
        self.key = key
        let feed = AnimationFeed(source, for: box, loader: loader, priority: Self.priority)
        self.feed = feed
        task = Task { [weak self] in
            guard let first = await feed.firstFrame(), !Task.isCancelled, self?.start(first) == true else { return }
            // Only a weak hold between frames: a view that goes away ends the timer at its next tick.
            while let gap = self?.currentGap {
                try? await Task.sleep(for: .milliseconds(gap))
                guard !Task.isCancelled, self?.advance() == true else { return }
            }
        }
    }

    /// How long to wait at most between two looks for a frame that is due but not made yet.
    private static let lateFrameLook = 20

    /// Shows the first frame; true when a timer should step through the rest.
    private func start(_ made: AnimatedThumbnail) -> Bool {
        animation = made
        index = 0
        plays = 0
        onChange?()
        return !(isKitty && made.isComplete)
    }

    /// Whether kitty plays the frames: it is given them all at once, when all are made (`placed(in:)`).
    private var isKitty: Bool {
        if case .kitty? = animation?.frames.first { return true }
        return false
    }

    /// How long the frame on screen stays (a frame not made yet is looked for again soon).
    private var currentGap: Int? {
        guard let animation else { return nil }
        return isKitty || index + 1 >= animation.frames.count && !animation.isComplete ? Self.lateFrameLook : animation.gaps[index]
    }

    /// Shows the next frame, once it is made; false once the file's loop count is played, or kitty has every frame.
    private func advance() -> Bool {
        guard let made = feed?.current.animation else { return false }
        animation = made
        if isKitty {
            guard made.isComplete else { return true }
            onChange?()  // every frame made: kitty is given them and plays them
            return false
        }
        if index + 1 < made.frames.count {
            index += 1
        } else if made.isComplete {
            plays += 1
            if made.loopCount > 0, plays >= made.loopCount { return false }
            index = 0
        } else {
            return true  // play what is ready: the next frame is not made yet
        }
        onChange?()
        return true
    }

    /// Stops and forgets the animation (the view shows its still picture again).
    func stop() {
        task?.cancel()
        task = nil
        feed?.cancel()
        feed = nil
        key = nil
        animation = nil
        index = 0
    }

    /// The picture to place in `rect` now, or `nil` when nothing plays (not an animation, or its frames are not
    /// ready yet): the current frame, named by the picture's thumbnail URL and the frame's number; for kitty the
    /// first frame alone while the others are made, then carrying all the others (`PlacedPicture.kittyFrames`),
    /// under one name.
    func placed(in rect: CellRect) -> PlacedPicture? {
        guard let animation, let key else { return nil }
        guard isKitty, animation.isComplete else {
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
