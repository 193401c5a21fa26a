// DecodedFrames: the hand-off between an animation's decoding and the encoding of its frames for the terminal — so
// frames are encoded (and shown) while the later ones still decode.
import Foundation
import Imaging

/// Frames in decoding order, passed from one producer to one consumer. The producer (the decoder's `each`) never
/// waits; the consumer awaits the next frame or the end. A frame handed twice (the decoder's error gate runs a
/// failed decode once more) is taken once.
final class DecodedFrames: @unchecked Sendable {
    // @unchecked: every stored var is only touched while holding `lock`.
    private let lock = NSLock()
    private var waiting: [(Bitmap, AnimationOutline)] = []
    private var handed = 0
    private var stopped = false
    private var outcome: Result<Animation?, ImagingError>?
    private var consumer: CheckedContinuation<(Bitmap, AnimationOutline)?, Never>?

    /// Adds frame `index`; false once the consumer wants no more.
    func put(_ bitmap: Bitmap, index: Int, outline: AnimationOutline) -> Bool {
        lock.withLock {
            if index == handed {
                waiting.append((bitmap, outline))
                handed += 1
                wakeConsumer()
            }
            return !stopped
        }
    }

    /// The decoder ended: with its frames, `nil` (not an animation) or an error; `nil` also when it never ran.
    func finish(_ result: Result<Animation?, ImagingError>) {
        lock.withLock {
            if outcome == nil { outcome = result }
            wakeConsumer()
        }
    }

    /// The next frame, waiting for it; `nil` once the decoder ended and every frame was taken, or after `stop()`.
    func next() async -> (Bitmap, AnimationOutline)? {
        await withCheckedContinuation { continuation in
            lock.withLock {
                consumer = continuation
                wakeConsumer()
            }
        }
    }

    /// The decoder's end (after `next()` returned `nil`): whether it was an animation, or why it failed.
    func ending() throws(ImagingError) -> Bool {
        let result = lock.withLock { outcome }
        switch result {
        case .success(let animation)?: return animation != nil
        case .failure(let error)?: throw error
        case nil: return false
        }
    }

    /// Asks the decoder to stop at its next frame, and ends a wait for one.
    func stop() {
        lock.withLock {
            stopped = true
            wakeConsumer()
        }
    }

    /// Hands the waiting consumer its frame, or the end (call holding `lock`).
    private func wakeConsumer() {
        guard let consumer else { return }
        if !waiting.isEmpty {
            self.consumer = nil
            consumer.resume(returning: waiting.removeFirst())
        } else if outcome != nil || stopped {
            self.consumer = nil
            consumer.resume(returning: nil)
        }
    }
}
