// PartialPreview: one preview of a thumbnail made from its source's first bytes while the rest downloads — the
// photo's EXIF thumbnail once the EXIF block is in, or a progressive JPEG's first whole scans.
import Foundation
import Imaging
import SchemeLoader

/// Looks at the growing source every `step` bytes; when a stand-in is there, encodes it for the box (holding one
/// of the loader's slots, like the thumbnail) and reports it as the load's `LoadProgress.preview`. At most one.
final class PartialPreview: Sendable {
    /// Bytes to wait for between two looks.
    static let step = 8 << 10
    /// The EXIF block comes first: past this, only scans are looked for.
    static let exifWithin = 256 << 10

    private struct State {
        var lookedAt = 0
        var started = false
        var work: Task<Void, Never>?
    }

    private let state = Locked(State())
    private let thumbnail: ThumbnailURL
    private let encoder: any ThumbnailEncoding
    private let workers: WorkerPool
    private let task: SchemeLoadTask
    private let client: SchemeLoadClient

    init(_ thumbnail: ThumbnailURL, encoder: any ThumbnailEncoding, workers: WorkerPool, task: SchemeLoadTask, client: SchemeLoadClient) {
        self.thumbnail = thumbnail
        self.encoder = encoder
        self.workers = workers
        self.task = task
        self.client = client
    }

    /// The source's bytes so far.
    func offer(_ bytes: Data) {
        let looks = state.withLock { state in
            guard !state.started, bytes.count - state.lookedAt >= Self.step else { return false }
            state.lookedAt = bytes.count
            return true
        }
        guard looks else { return }
        guard let standIn = Self.standIn(in: bytes) else {
            // Past the EXIF block, a picture that is not a progressive JPEG has nothing more to offer.
            if !PartialJPEG.isProgressive(bytes), bytes.count > Self.exifWithin || PartialJPEG.imageDataHasBegun(bytes) {
                state.withLock { $0.started = true }
            }
            return
        }
        let work = Task { [task, workers, encoder, thumbnail, client] in
            let picture = try? await task.withSlot { try await workers.run { try encoder.encode(standIn, for: thumbnail.box) } }
            guard let picture, !Task.isCancelled else { return }
            client.didProducePreview(picture.encoded)
        }
        let superseded = state.withLock { state -> Bool in
            defer { if !state.started { state.started = true; state.work = work } }
            return state.started
        }
        if superseded { work.cancel() }
    }

    /// The whole source is here: a preview still being made is not wanted any more.
    func finish() {
        state.withLock { $0.work }?.cancel()
    }

    /// What of `bytes` can stand in for the picture now, if anything.
    static func standIn(in bytes: Data) -> Data? {
        if bytes.count <= exifWithin + step, let embedded = EmbeddedThumbnail.jpeg(in: bytes) { return embedded }
        return PartialJPEG.wholeScans(of: bytes)
    }
}
