// OutboxSender: drains one account's Matrix outbox, in order — reserves the picture's mxc:// URI, sends the event
// under the entry's transaction id, then uploads the bytes (the other person gets the event without waiting for
// them) — recording each step, so a drain after a crash resumes where the last one stopped and never doubles a
// message (the same transaction id returns the same event) nor reserves a second URI for it.
import Foundation
import Matrix
import MessageStore
import SchemeLoader

/// What became of one send in a drain.
public struct SendOutcome: Sendable, Equatable {
    /// The entry as it stands after the drain's attempts.
    public var entry: OutboxEntry
    /// The sentence of the last failure, when it is not sent.
    public var failure: String?

    /// Whether it was sent.
    public var isSent: Bool { entry.state == .sent }
}

/// Sends the outbox of one session's account.
public actor OutboxSender {
    /// Called with a picture's `mxc://` URL and its bytes once the URL is known, before the event naming it is
    /// sent — the moment to seed the loader's cache with the local pixels.
    public typealias UploadedPicture = @Sendable (_ media: MatrixMediaURL, _ picture: Data) async -> Void

    private let store: MessageStore
    private let client: MatrixClient
    private let session: MatrixSession
    private let policy: RetryPolicy
    private let uploaded: UploadedPicture?
    private var uploadLimit: Int??

    /// A sender of `session`'s outbox in `store` through `client`.
    public init(store: MessageStore, client: MatrixClient = MatrixClient(), session: MatrixSession, policy: RetryPolicy = RetryPolicy(),
                uploaded: UploadedPicture? = nil) {
        self.store = store
        self.client = client
        self.session = session
        self.policy = policy
        self.uploaded = uploaded
    }

    /// Sends every pending entry of the account, oldest first, each one retried with back-off while its failure may
    /// pass (no answer, 429, 5xx) — up to the policy's patience; then it and the rest stay in the outbox for a later
    /// drain. A refusal that would be repeated (too large, forbidden) fails that entry for good and the next one goes.
    /// The events go in the outbox's order; a picture's bytes are uploaded behind them, one picture after another, so
    /// a large upload never holds up the next message's event. An ended session stops the drain; an entry still
    /// `preparing` holds up its room's later entries (the drain is woken again when it is ready). `report` hears each entry's outcome as it is known (from any
    /// task); all of them are returned once every upload the drain started has ended.
    @discardableResult
    public func drain(report: @escaping @Sendable (SendOutcome) -> Void = { _ in }) async throws(MessageStoreError) -> [SendOutcome] {
        let outcomes = DrainOutcomes(report: report)
        let uploads = UploadChain()
        do {
            try await withTaskCancellationHandler {
                try await sendEvents(outcomes: outcomes, uploads: uploads)
                try await uploads.wait()
            } onCancel: {
                uploads.cancel()
            }
        } catch {
            try? await uploads.wait()  // nothing of this drain keeps running behind it
            if let error = error as? MessageStoreError { throw error }
        }
        return outcomes.all
    }

    /// Sends the pending entries' events in order; each picture whose event went has its bytes chained on `uploads`.
    private func sendEvents(outcomes: DrainOutcomes, uploads: UploadChain) async throws(MessageStoreError) {
        var held: Set<String> = []
        for entry in try store.pendingOutbox(account: session.userID) {
            // A picture still being made ready holds up what follows it in its room: the events keep the room's order.
            if entry.state == .preparing { held.insert(entry.roomID) }
            if held.contains(entry.roomID) {
                outcomes.note(SendOutcome(entry: entry, failure: entry.state == .preparing
                    ? "its photo is still being prepared" : "it waits for a photo before it that is still being prepared"))
                continue
            }
            guard try await persist(entry, bytesLater: true, outcomes: outcomes) else { return }
            guard let stored = try store.outboxEntry(entry.id), stored.state == .uploading, stored.eventID != nil else { continue }
            uploads.then { [self] in try await persist(stored, bytesLater: false, outcomes: outcomes) }
        }
    }

    /// Tries `entry` — its event, and its bytes unless `bytesLater` — until it is done or fails for good (`true`: the
    /// drain goes on), or until the drain must stop (an ended session, the policy's patience, cancellation: `false`).
    /// Its outcome is noted, but for an event whose bytes follow.
    private func persist(_ entry: OutboxEntry, bytesLater: Bool, outcomes: DrainOutcomes) async throws(MessageStoreError) -> Bool {
        let started = ContinuousClock.now
        var failures = 0
        while true {
            do {
                try await attempt(entry.id, bytesLater: bytesLater)
                let stored = try store.outboxEntry(entry.id) ?? entry
                if !bytesLater || stored.state != .uploading { outcomes.note(SendOutcome(entry: stored, failure: nil)) }
                return true
            } catch let error as MessageStoreError {
                throw error
            } catch {
                let error = error as? MatrixError ?? .invalidResponse(endpoint: "the outbox", reason: "\(error)")
                let eventSent = try store.outboxEntry(entry.id)?.eventID != nil
                let sentence = (eventSent && !error.isRetryable && !Self.endsSession(error)
                                ? "the message was sent, but its picture could not be uploaded: " : "") + error.description
                try store.setOutboxFailed(entry.id, reason: sentence, retryable: error.isRetryable || Self.endsSession(error))
                let stored = try store.outboxEntry(entry.id) ?? entry
                if Self.endsSession(error) || !error.isRetryable {
                    outcomes.note(SendOutcome(entry: stored, failure: sentence))
                    return !Self.endsSession(error)
                }
                failures += 1
                let wait = policy.delay(afterFailures: failures, retryAfter: Self.retryAfter(error))
                if let patience = policy.patience, ContinuousClock.now + wait - started > patience {
                    outcomes.note(SendOutcome(entry: stored, failure: sentence))
                    return false
                }
                do { try await Task.sleep(for: wait) } catch {
                    outcomes.note(SendOutcome(entry: stored, failure: sentence))
                    return false
                }
            }
        }
    }

    /// One attempt at entry `id`, from the step it had reached (as stored: a crash loses none) — up to its event when
    /// `bytesLater` —: a `MatrixError` from the server, or the `MessageStoreError` of a step that could not be recorded.
    private func attempt(_ id: Int64, bytesLater: Bool) async throws {
        guard var entry = try store.outboxEntry(id) else { return }
        guard let media = try store.outboxMedia(id) else {
            try store.setOutboxSent(id, eventID: try await sendEvent(entry))
            return
        }
        if entry.state != .uploading { try store.setOutboxState(id, .uploading) }
        let limit = try await mediaLimit()
        if entry.eventID == nil {
            // The limit is checked before anything is reserved: a file too large never leaves a dangling mxc://.
            let largest = max(media.picture.count, media.thumbnail?.count ?? 0)
            if let limit, largest > limit { throw MatrixError.tooLarge(bytes: largest, limit: limit) }
            // A reservation is renewed only while no event names it.
            if entry.mediaURL == nil || (!entry.uploaded && Self.lapses(entry.mediaExpiresAt)) {
                entry = try await reserve(media, for: entry, limit: limit)
            }
            // The event goes before the bytes only when the server's limit is known (and met): otherwise a 413 after
            // it would leave the other person an event whose picture never comes.
            if limit == nil && !entry.uploaded {
                try await put(media, of: entry, limit: limit)
                try store.setOutboxUploaded(id)
                entry.uploaded = true
            }
            await uploaded?(try Self.mediaURLs(of: entry).picture, media.picture)
            let eventID = try await sendEvent(entry)
            guard !entry.uploaded else {
                try store.setOutboxSent(id, eventID: eventID)
                return
            }
            try store.setOutboxEventSent(id, eventID: eventID)
            entry.eventID = eventID
        }
        if bytesLater { return }
        if !entry.uploaded { try await put(media, of: entry, limit: limit) }
        try store.setOutboxSent(id, eventID: entry.eventID ?? "")
    }

    /// Reserves the `mxc://` URIs of `entry`'s picture and thumbnail and records them; a server without
    /// reservations gets the bytes at once (`POST /upload`), recorded as uploaded.
    private func reserve(_ media: OutboxMedia, for entry: OutboxEntry, limit: Int?) async throws -> OutboxEntry {
        var entry = entry
        if case let (picture, thumbnail)? = try await reservations(thumbnail: media.thumbnail != nil) {
            entry.mediaURL = picture.media.url.absoluteString
            entry.thumbnailURL = thumbnail?.media.url.absoluteString
            entry.mediaExpiresAt = [picture.expiresAt, thumbnail?.expiresAt].compactMap { $0 }.min()
            entry.uploaded = false
        } else {
            if let bytes = media.thumbnail {
                entry.thumbnailURL = try await client.uploadMedia(bytes, contentType: media.thumbnailType, filename: "thumbnail.jpg",
                                                                  limit: limit, session: session).url.absoluteString
            }
            entry.mediaURL = try await client.uploadMedia(media.picture, contentType: media.pictureType, filename: entry.body,
                                                          limit: limit, session: session).url.absoluteString
            entry.mediaExpiresAt = nil
            entry.uploaded = true
        }
        try store.setOutboxMediaURLs(entry.id, picture: entry.mediaURL ?? "", thumbnail: entry.thumbnailURL,
                                     expiresAt: entry.mediaExpiresAt, uploaded: entry.uploaded)
        return entry
    }

    /// A reservation for the picture and, when asked, one for its thumbnail; `nil` when the server has no `create`.
    private func reservations(thumbnail: Bool) async throws(MatrixError) -> (MediaReservation, MediaReservation?)? {
        do {
            let picture = try await client.createMedia(session)
            return (picture, thumbnail ? try await client.createMedia(session) : nil)
        } catch {
            if error.lacksMediaCreate { return nil }
            throw error
        }
    }

    /// Uploads the thumbnail, then the picture, to their reserved URIs (a second upload of either counts as done).
    private func put(_ media: OutboxMedia, of entry: OutboxEntry, limit: Int?) async throws(MatrixError) {
        let (picture, thumbnail) = try Self.mediaURLs(of: entry)
        if let thumbnail, let bytes = media.thumbnail {
            try await client.upload(bytes, contentType: media.thumbnailType, filename: "thumbnail.jpg", to: thumbnail,
                                    limit: limit, session: session)
        }
        try await client.upload(media.picture, contentType: media.pictureType, filename: entry.body, to: picture,
                                limit: limit, session: session)
    }

    /// Sends `entry`'s event (its content with the media URLs) under its transaction id; returns the event id.
    private func sendEvent(_ entry: OutboxEntry) async throws -> String {
        try store.setOutboxState(entry.id, .sending)
        let content: Data
        do {
            content = try MessageContent.completed(entry.content, url: entry.mediaURL, thumbnailURL: entry.thumbnailURL)
        } catch {
            throw MatrixError.invalidResponse(endpoint: "the outbox", reason: "the stored event content is not JSON")
        }
        return try await client.send(content, to: entry.roomID, transactionID: entry.transactionID, session: session)
    }

    /// The picture's and thumbnail's stored `mxc://` URIs.
    private static func mediaURLs(of entry: OutboxEntry) throws(MatrixError) -> (picture: MatrixMediaURL, thumbnail: MatrixMediaURL?) {
        func media(_ text: String?) -> MatrixMediaURL? { text.flatMap(URL.init(string:)).flatMap { try? MatrixMediaURL(url: $0) } }
        guard let picture = media(entry.mediaURL) else {
            throw .invalidResponse(endpoint: "/media/create", reason: "the stored mxc:// URL cannot be read")
        }
        return (picture, media(entry.thumbnailURL))
    }

    /// Whether a reservation lapsing at `expiresAt` may lapse before an upload started now gets going.
    private static func lapses(_ expiresAt: Date?) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt.timeIntervalSinceNow < reservationMargin
    }

    /// How long before its expiry a reservation is no longer used for a new upload (seconds).
    static let reservationMargin: TimeInterval = 300

    /// The server's upload limit, asked once per sender; `nil` when it sets none (or has no media config).
    private func mediaLimit() async throws(MatrixError) -> Int? {
        if let known = uploadLimit { return known }
        do throws(MatrixError) {
            let limit = try await client.mediaConfig(session).uploadSize
            uploadLimit = .some(limit)
            return limit
        } catch where !error.isRetryable && !Self.endsSession(error) {
            uploadLimit = .some(nil)
            return nil
        }
    }

    private static func endsSession(_ error: MatrixError) -> Bool {
        if case .sessionEnded = error { return true }
        return false
    }

    private static func retryAfter(_ error: MatrixError) -> Duration? {
        if case .rateLimited(let milliseconds?) = error { return .milliseconds(milliseconds) }
        return nil
    }
}
