// ThumbnailSchemeHandler+Frames: the stage that makes an animation's frames — each frame a unit of the load's work,
// at its priority as it changes, handed on as a preview as soon as it is made; cancelled with the load.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics

extension ThumbnailSchemeHandler {
    /// Loads a `ThumbnailURL.frames(of:box:)` URL: the source as this load's source, then its frames, the frames
    /// so far reported as the load's preview (an `AnimatedThumbnail` blob) while the others are made — the first
    /// eight one at a time, then each time they grew by a quarter (`reportsPreview`) — the whole animation as the
    /// result. A picture that is not an animation fails (`LoadError.handlerFailed`).
    func loadFrames(of thumbnail: ThumbnailURL, for task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        let source = try await task.source(thumbnail.source)
        try Task.checkCancellation()
        let start = ContinuousClock.now
        var reported = 0
        let made = try await frames(of: source.data, for: thumbnail.box, task: task) { made in
            guard !made.isComplete, Self.reportsPreview(of: made.frames.count, after: reported) else { return }
            reported = made.frames.count
            client.didProducePreview(made.encoded)
        }
        guard let made else {
            throw LoadError.handlerFailed(scheme: ThumbnailURL.scheme, reason: "\(thumbnail.source.absoluteString) is not an animation")
        }
        deliver(made.encoded, made: ThumbnailStageTimes(decode: nil, encode: ContinuousClock.now - start), from: source, tag: nil,
                for: thumbnail, task: task, client: client)
    }

    /// Whether `count` frames are worth a preview after one of `reported`: each preview holds every frame so far,
    /// so one per frame copied n²/2 frames for n (for a GIF of 1,000 frames, 500 times the animation); a preview
    /// when the frames grew by a quarter copies at most five times the animation. A player that shows frames as
    /// they come may now wait for a frame that is made but not yet reported, at most until a quarter more are made.
    static func reportsPreview(of count: Int, after reported: Int) -> Bool {
        count - reported >= max(1, reported / 4)
    }

    /// Every frame of `data` made for `box` as the work of `task`: the header read, then the frames decoded in order
    /// by one unit of work while each decoded frame is encoded by another, all at the load's priority as it changes
    /// (so a visible picture's work goes between two frames of a prefetched animation). `made` hears the animation
    /// after every frame. `nil` when `data` is no animation. A frame past the first that fails to decode or encode
    /// ends the animation at the frames before it. When the load is cancelled the decoding stops at its next frame
    /// and frames still waiting for a worker are never encoded.
    func frames(of data: Data, for box: ThumbnailBox, task: SchemeLoadTask,
                made: (AnimatedThumbnail) -> Void) async throws -> AnimatedThumbnail? {
        guard AnimationDecoder.mayBeAnimated(data),
              let frames = try await task.work(on: workers, { [encoder] in try encoder.animationFrames(of: data, for: box) }) else { return nil }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [workers] in
                do {
                    try await task.work(on: workers) { frames.decode() }
                } catch {
                    frames.abandon()  // withdrawn before it ran: no frame will come
                    throw error
                }
            }
            defer { frames.stop() }
            var animation: AnimatedThumbnail?
            do {
                while let (frame, outline) = await frames.next() {
                    let picture = try await task.work(on: workers) { try frames.encode(frame) }
                    var grown = animation ?? AnimatedThumbnail(frames: [], gaps: outline.gaps, loopCount: outline.loopCount,
                                                               columns: frames.geometry.columns, rows: frames.geometry.rows)
                    grown.frames.append(picture)
                    animation = grown
                    made(grown)
                }
                try Task.checkCancellation()
                try await group.waitForAll()
                guard try frames.ending() else { return nil }
                return animation
            } catch where !(error is CancellationError) && !Task.isCancelled {
                guard let animation else { throw error }
                return animation.endingHere
            }
        }
    }
}
