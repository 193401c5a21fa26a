// PhotoPreparations: the photos of drafts made ready to send in the background (decoded, fitted, encoded, their
// thumbnail and BlurHash made: a third of a second for a 12 MP photo) — started as soon as a photo is attached or
// edited, each edit a request of its own, the stale ones cancelled — so that Enter finds them done.
import Dispatch
import Foundation
import Imaging
import Synchronization

/// One photo to make ready: the draft's URL (its edits in it) and whether it goes at its original size.
public struct PhotoRequest: Hashable, Sendable {
    /// The draft's picture URL (`asset://…` with its edits).
    public var url: URL
    /// Whether it is sent at its own size, not fitted into 2048 × 2048.
    public var original: Bool

    /// A request for `url`, at its `original` size or not.
    public init(url: URL, original: Bool = false) {
        self.url = url
        self.original = original
    }
}

/// Photos being made ready, or made ready, by request.
public final class PhotoPreparations: Sendable {
    /// Reads a draft's picture URL: the photo's bytes and the edits to apply.
    public typealias Reader = @Sendable (URL) throws -> (data: Data, edit: ImageEdit)

    private struct Job {
        let serial: UInt64
        let task: Task<PreparedPhoto, any Error>
        var result: Result<PreparedPhoto, any Error>?
    }

    private struct Jobs {
        var byRequest: [PhotoRequest: Job] = [:]
        var nextSerial: UInt64 = 0
    }

    private let read: Reader
    private let jobs = Mutex(Jobs())
    /// Where the photos are prepared, one after another.
    private let queue = DispatchQueue(label: "snapterm.photo-preparation", qos: .utility)

    /// Preparations of pictures `read` gives.
    public init(read: @escaping Reader) {
        self.read = read
    }

    /// Keeps exactly `requests` prepared or preparing: starts those not started, cancels and forgets the others.
    public func keep(_ requests: [PhotoRequest]) {
        let wanted = Set(requests)
        jobs.withLock { jobs in
            for (request, job) in jobs.byRequest where !wanted.contains(request) {
                job.task.cancel()
                jobs.byRequest[request] = nil
            }
            for request in requests where jobs.byRequest[request] == nil { start(request, in: &jobs) }
        }
    }

    /// How `request`'s preparation ended — the photo, or why it could not be made —; `nil` while it runs or when it
    /// was never asked for.
    public func outcome(of request: PhotoRequest) -> Result<PreparedPhoto, any Error>? {
        jobs.withLock { $0.byRequest[request]?.result }
    }

    /// Hands over `request`'s preparation (started now when none runs): it is no longer kept here, so a later `keep`
    /// never cancels it. Await its value for the photo.
    public func take(_ request: PhotoRequest) -> Task<PreparedPhoto, any Error> {
        jobs.withLock { jobs in
            if jobs.byRequest[request] == nil { start(request, in: &jobs) }
            return jobs.byRequest.removeValue(forKey: request)!.task
        }
    }

    private func start(_ request: PhotoRequest, in jobs: inout Jobs) {
        jobs.nextSerial += 1
        let serial = jobs.nextSerial
        let task = Task { [read, queue, weak self] () throws -> PreparedPhoto in
            let result = await Self.prepare(request, read: read, on: queue)
            self?.finish(request, serial: serial, with: result)
            return try result.get()
        }
        jobs.byRequest[request] = Job(serial: serial, task: task)
    }

    private func finish(_ request: PhotoRequest, serial: UInt64, with result: Result<PreparedPhoto, any Error>) {
        jobs.withLock { jobs in
            if jobs.byRequest[request]?.serial == serial { jobs.byRequest[request]?.result = result }
        }
    }

    /// The work itself, one photo at a time on a utility thread (never the cooperative pool, never two decodes of
    /// 12 MP at once beside the UI); one cancelled before its turn never starts.
    private static func prepare(_ request: PhotoRequest, read: @escaping Reader,
                                on queue: DispatchQueue) async -> Result<PreparedPhoto, any Error> {
        let cancelled = CancelFlag()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                queue.async {
                    guard !cancelled.isSet else {
                        continuation.resume(returning: .failure(CancellationError()))
                        return
                    }
                    continuation.resume(returning: Result {
                        let (data, edit) = try read(request.url)
                        return try PreparedPhoto.make(from: data, edit: edit, original: request.original)
                    })
                }
            }
        } onCancel: {
            cancelled.set()
        }
    }

    /// Whether a preparation was cancelled, told from its task to the queue.
    private final class CancelFlag: Sendable {
        private let flag = Atomic(false)
        var isSet: Bool { flag.load(ordering: .relaxed) }
        func set() { flag.store(true, ordering: .relaxed) }
    }
}
