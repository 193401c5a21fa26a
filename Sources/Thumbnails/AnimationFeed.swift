// AnimationFeed: an animation loaded to be played — the frames stage of the loader (`ThumbnailURL.frames(of:box:)`),
// read while it grows: its first frame is shown as soon as it is there, and the others join as they are made.
import Foundation
import SchemeLoader
import TerminalGraphics

/// The frames of one animation so far, as its load reports them. Readers look at the latest state or wait for more
/// frames; `cancel()` cancels the load (its work stops at the next frame, or is withdrawn before it runs). Safe from
/// any thread.
public final class AnimationFeed: @unchecked Sendable {
    // @unchecked: every stored var is only touched while holding `condition`.
    private let condition = NSCondition()
    private var latest: AnimatedThumbnail?
    private var ended = false
    private var token: LoadToken?

    /// Loads every frame of `source` made for `box` through `loader` at `priority`: from its caches when they hold
    /// them, joined with any other load of the same frames, else made by the thumbnail stage frame by frame.
    public init(_ source: URL, for box: ThumbnailBox, loader: SchemeLoader, priority: LoadPriority, cachePolicy: CachePolicy = .useCache) {
        let request = LoadRequest(url: ThumbnailURL.frames(of: source, box: box).url, cachePolicy: cachePolicy, priority: priority)
        let token = loader.load(request, progress: { [weak self] progress in
            guard let preview = progress.preview else { return }
            self?.publish(AnimatedThumbnail(encoded: preview), ended: false)
        }) { [weak self] result in
            self?.publish((try? result.get()).flatMap { AnimatedThumbnail(encoded: $0.data) }, ended: true)
        }
        condition.withLock { self.token = token }
    }

    deinit { token?.cancel() }

    /// Keeps `made` when it has more frames than the latest; `ended`: no more will come.
    private func publish(_ made: AnimatedThumbnail?, ended: Bool) {
        condition.withLock {
            guard !self.ended else { return }
            if let made, made.frames.count > latest?.frames.count ?? 0 { latest = made }
            if ended {
                self.ended = true
                token = nil
            }
            condition.broadcast()
        }
    }

    /// The frames so far (`nil`: none yet, or not an animation), and whether no more will come.
    public var current: (animation: AnimatedThumbnail?, ended: Bool) {
        condition.withLock { (latest, ended) }
    }

    /// Waits until more than `count` frames are there or the load ended; then the state as `current`. Blocks the
    /// calling thread: never call it on a thread of the concurrency pool, which the load needs to go on.
    public func wait(forMoreThan count: Int) -> (animation: AnimatedThumbnail?, ended: Bool) {
        condition.withLock {
            while !ended, (latest?.frames.count ?? 0) <= count { condition.wait() }
            return (latest, ended)
        }
    }

    /// The animation once its first frame is there; `nil` when it is no animation (a still picture, one refused by
    /// the limits, or one whose first frame could not be made). Waits on a thread of its own, not the caller's.
    public func firstFrame() async -> AnimatedThumbnail? { await onAThread { $0.wait(forMoreThan: 0).animation } }

    /// The animation once its load ended (every frame, or those made before a `cancel()`); `nil` when it is no
    /// animation. Waits on a thread of its own, not the caller's.
    public func ending() async -> AnimatedThumbnail? { await onAThread { $0.wait(forMoreThan: .max).animation } }

    /// `wait` run on a thread of its own: the load it waits for makes progress on the concurrency pool's threads.
    private func onAThread(_ wait: @escaping @Sendable (AnimationFeed) -> AnimatedThumbnail?) async -> AnimatedThumbnail? {
        await withCheckedContinuation { (done: CheckedContinuation<AnimatedThumbnail?, Never>) in
            Thread.detachNewThread { [self] in done.resume(returning: wait(self)) }
        }
    }

    /// Cancels the load: its work stops at the next frame (the frames so far stay), or is withdrawn unrun.
    public func cancel() {
        let token = condition.withLock { self.token }
        token?.cancel()
    }
}
