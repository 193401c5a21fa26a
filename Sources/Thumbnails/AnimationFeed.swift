// AnimationFeed: an animation being encoded — on the workers at its viewer's priority, or for a command on a thread of
// its own —, read while it grows: its first frame is shown as soon as it is there, and the others join as they are made.
import Foundation
import SchemeLoader
import TerminalGraphics

/// The frames of one animation so far, made by `ThumbnailEncoder.animation(_:for:limits:each:)`. Readers look at the
/// latest state or wait for more frames; `cancel()` stops the work at the next frame, or before it starts. Safe from any
/// thread.
public final class AnimationFeed: @unchecked Sendable {
    // @unchecked: every stored var is only touched while holding `condition`.
    private let condition = NSCondition()
    private var latest: AnimatedThumbnail?
    private var ended = false
    private var cancelled = false
    private var job: Task<Void, Never>?

    /// Starts encoding `data` for `box` with `encoder` on a thread of its own (a command, which plays it while it grows).
    public init(_ data: Data, for box: ThumbnailBox, encoder: ThumbnailEncoder) {
        Thread.detachNewThread { [self] in make(data, for: box, encoder: encoder) }
    }

    /// Starts encoding `data` for `box` with `encoder` as work on `workers` at `priority` (a view's): it waits in their
    /// queue behind more urgent work, like a load's, and a `cancel()` while it waits withdraws it unrun.
    public init(_ data: Data, for box: ThumbnailBox, encoder: ThumbnailEncoder, workers: WorkerPool, priority: WorkPriority) {
        let job = Task { [self] in
            do {
                try await workers.run(at: priority) { [self] in make(data, for: box, encoder: encoder) }
            } catch {
                condition.withLock {  // withdrawn before it ran: no frames, and none to come
                    ended = true
                    condition.broadcast()
                }
            }
        }
        condition.withLock { self.job = job }
    }

    /// Encodes every frame, publishing each as it is made, until the end or a `cancel()`.
    private func make(_ data: Data, for box: ThumbnailBox, encoder: ThumbnailEncoder) {
        let made = try? encoder.animation(data, for: box) { [self] made in
            condition.withLock {
                latest = made
                condition.broadcast()
                return !cancelled
            }
        }
        condition.withLock {
            // A frame past the first that fails to decode or encode ends the animation at the frames before it.
            latest = made ?? latest.map { AnimatedThumbnail(frames: $0.frames, gaps: Array($0.gaps.prefix($0.frames.count)),
                                                            loopCount: $0.loopCount, geometry: $0.geometry) }
            ended = true
            condition.broadcast()
        }
    }

    /// The frames so far (`nil`: none yet, or not an animation), and whether no more will come.
    public var current: (animation: AnimatedThumbnail?, ended: Bool) {
        condition.withLock { (latest, ended) }
    }

    /// Waits until more than `count` frames are there or the work ended; then the state as `current`.
    public func wait(forMoreThan count: Int) -> (animation: AnimatedThumbnail?, ended: Bool) {
        condition.withLock {
            while !ended, (latest?.frames.count ?? 0) <= count { condition.wait() }
            return (latest, ended)
        }
    }

    /// The animation once its first frame is there; `nil` when it is no animation (a still picture, one refused by
    /// the limits, or one whose first frame could not be made). Waits on a thread of its own, not the caller's.
    public func firstFrame() async -> AnimatedThumbnail? {
        await withCheckedContinuation { (done: CheckedContinuation<AnimatedThumbnail?, Never>) in
            Thread.detachNewThread { [self] in done.resume(returning: wait(forMoreThan: 0).animation) }
        }
    }

    /// Stops the work at its next frame (the frames so far stay), or withdraws it from the workers' queue unrun.
    public func cancel() {
        let job = condition.withLock { () -> Task<Void, Never>? in
            cancelled = true
            return self.job
        }
        job?.cancel()
    }
}
