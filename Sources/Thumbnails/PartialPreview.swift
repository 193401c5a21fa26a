// PartialPreview: previews of a thumbnail made from its source's first bytes while the rest downloads — the
// photo's EXIF thumbnail once the EXIF block is in, then a progressive JPEG's whole scans, sharper as they arrive.
import Foundation
import Imaging
import SchemeLoader

/// Looks at the growing source every `step` bytes; when a stand-in is there, encodes it for the box (on a worker, at
/// the thumbnail's priority, like the thumbnail) and reports it as the load's `LoadProgress.preview`. A progressive
/// JPEG sharpens: a new preview is made from its whole scans each time they are at least twice as many bytes as the
/// last preview's (so a few previews a download, never one a piece), one at a time. The previews are part of the
/// thumbnail's load: when it is cancelled, or the whole source is there, a preview still waiting for a worker never
/// runs.
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
        var working = false
    }

    private let state = Locked(State())
    private let thumbnail: ThumbnailURL
    private let encoder: any ThumbnailEncoding
    private let workers: WorkerPool
    private let task: SchemeLoadTask
    private let client: SchemeLoadClient
    private let standIns: AsyncStream<Data>
    private let offered: AsyncStream<Data>.Continuation

    init(_ thumbnail: ThumbnailURL, encoder: any ThumbnailEncoding, workers: WorkerPool, task: SchemeLoadTask, client: SchemeLoadClient) {
        self.thumbnail = thumbnail
        self.encoder = encoder
        self.workers = workers
        self.task = task
        self.client = client
        (standIns, offered) = AsyncStream.makeStream(of: Data.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Runs `load` (the source's load, handed the reader of its bytes so far) and makes previews from what it reads
    /// until it returns; a preview encode still waiting then, or when the calling task is cancelled, never runs.
    func whileLoading<T: Sendable>(_ load: (@escaping @Sendable (Data) -> Void) async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await self.makePreviews() }
            defer {
                state.withLock { $0.done = true }
                offered.finish()
                group.cancelAll()
            }
            return try await load { self.offer($0) }
        }
    }

    /// Encodes the stand-ins offered, one at a time, and reports each as a preview.
    private func makePreviews() async {
        for await standIn in standIns {
            let picture = try? await task.work(on: workers) { [encoder, thumbnail] in try encoder.encode(standIn, for: thumbnail.box).encoded }
            state.withLock { $0.working = false }
            guard let picture, !Task.isCancelled else { return }
            client.didProducePreview(picture)
        }
    }

    /// The source's bytes so far.
    private func offer(_ bytes: Data) {
        guard let standIn = state.withLock({ state in Self.nextStandIn(in: bytes, state: &state) }) else { return }
        offered.yield(standIn)
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
