// AnimationFeed: an animation being encoded on a thread of its own, read while it grows — its first frame is shown
// as soon as it is there, and the others join as they are made.
import Foundation
import TerminalGraphics

/// The frames of one animation so far, made by `ThumbnailEncoder.animation(_:for:limits:each:)` on a thread the
/// feed starts. Readers look at the latest state or wait for more frames; `cancel()` stops the work at the next
/// frame. Safe from any thread.
public final class AnimationFeed: @unchecked Sendable {
    // @unchecked: every stored var is only touched while holding `condition`.
    private let condition = NSCondition()
    private var latest: AnimatedThumbnail?
    private var ended = false
    private var cancelled = false

    /// Starts encoding `data` for `box` with `encoder`.
    public init(_ data: Data, for box: ThumbnailBox, encoder: ThumbnailEncoder) {
        Thread.detachNewThread { [self] in
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

    /// Stops the work at its next frame (the frames so far stay).
    public func cancel() {
        condition.withLock { cancelled = true }
    }
}
