// DecodedFrames: the hand-off between an animation's decoding thread and the thread that encodes its frames for the
// terminal — so frames are encoded (and shown) while the later ones still decode.
import Foundation
import Imaging

/// Frames in decoding order, passed from one producer to one consumer. The producer (the decoder's `each`) never
/// waits; the consumer waits for the next frame or the end. A frame handed twice (the decoder's error gate runs a
/// failed decode once more) is taken once.
final class DecodedFrames: @unchecked Sendable {
    // @unchecked: every stored property is only touched while holding `condition`.
    private let condition = NSCondition()
    private var waiting: [(Bitmap, AnimationOutline)] = []
    private var handed = 0
    private var stopped = false
    private var outcome: Result<Animation?, ImagingError>?

    /// Adds frame `index`; false once the consumer wants no more.
    func put(_ bitmap: Bitmap, index: Int, outline: AnimationOutline) -> Bool {
        condition.withLock {
            if index == handed {
                waiting.append((bitmap, outline))
                handed += 1
                condition.signal()
            }
            return !stopped
        }
    }

    /// The decoder ended: with its frames, `nil` (not an animation) or an error.
    func finish(_ result: Result<Animation?, ImagingError>) {
        condition.withLock {
            outcome = result
            condition.signal()
        }
    }

    /// The next frame, waiting for it; `nil` once the decoder ended and every frame was taken.
    func next() -> (Bitmap, AnimationOutline)? {
        condition.withLock {
            while waiting.isEmpty && outcome == nil { condition.wait() }
            return waiting.isEmpty ? nil : waiting.removeFirst()
        }
    }

    /// The decoder's end (after `next()` returned `nil`): whether it was an animation, or why it failed.
    func ending() throws(ImagingError) -> Bool {
        let result = condition.withLock { outcome }
        switch result {
        case .success(let animation)?: return animation != nil
        case .failure(let error)?: throw error
        case nil: return false
        }
    }

    /// Asks the decoder to stop at its next frame.
    func stop() {
        condition.withLock { stopped = true }
    }
}
