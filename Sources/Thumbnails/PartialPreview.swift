// PartialPreview: previews of a thumbnail made from its source's first bytes while the rest downloads — the
// photo's EXIF thumbnail once the EXIF block is in, then a progressive JPEG's whole scans, sharper as they arrive.
import Foundation
import Imaging
import SchemeLoader

/// Looks at the growing source every `step` bytes; when a stand-in is there, encodes it for the box (on a worker,
/// like the thumbnail) and reports it as the load's `LoadProgress.preview`. A progressive
/// JPEG sharpens: a new preview is made from its whole scans each time they are at least twice as many bytes as the
/// last preview's (so a few previews a download, never one a piece), one at a time.
final class PartialPreview: Sendable {
    /// Bytes to wait for between two looks.
    static let step = 8 << 10
    /// The EXIF block comes first: past this, only scans are looked for.
    static let exifWithin = 256 << 10

    private struct State {
        var lookedAt = 0
        /// Nothing more will be offered: a picture that is not a progressive JPEG, past its EXIF block.
        var done = false
        /// The bytes the last preview was made from (0: none yet).
        var previewedBytes = 0
        var progressive: Bool?
        var scans = PartialJPEG.ScanFinder()
        var work: Task<Void, Never>?
        var working = false
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
        guard let standIn = state.withLock({ state in Self.nextStandIn(in: bytes, state: &state) }) else { return }
        let work = Task { [task, workers, encoder, thumbnail, client, state] in
            let picture = try? await task.work(on: workers) { try encoder.encode(standIn, for: thumbnail.box).encoded }
            state.withLock { $0.working = false }
            guard let picture, !Task.isCancelled else { return }
            client.didProducePreview(picture)
        }
        state.withLock { $0.work = work }
    }

    /// The whole source is here: a preview still being made is not wanted any more.
    func finish() {
        state.withLock { state in
            state.done = true
            return state.work
        }?.cancel()
    }

    /// What of `bytes` should be made into a preview now, if anything; marks it as being made.
    private static func nextStandIn(in bytes: Data, state: inout State) -> Data? {
        guard !state.done, !state.working, bytes.count - state.lookedAt >= step else { return nil }
        state.lookedAt = bytes.count
        if state.previewedBytes == 0, bytes.count <= exifWithin + step, let embedded = EmbeddedThumbnail.jpeg(in: bytes) {
            state.previewedBytes = bytes.count
            state.working = true
            return embedded
        }
        if state.progressive == nil, PartialJPEG.imageDataHasBegun(bytes) { state.progressive = PartialJPEG.isProgressive(bytes) }
        guard state.progressive == true else {
            // Past the EXIF block, a picture that is not a progressive JPEG has nothing more to offer.
            if state.progressive == false || bytes.count > exifWithin { state.done = true }
            return nil
        }
        state.scans.advance(over: bytes)
        guard let scans = state.scans.wholeScans(of: bytes), scans.count >= 2 * state.previewedBytes else { return nil }
        state.previewedBytes = scans.count
        state.working = true
        return scans
    }
}
