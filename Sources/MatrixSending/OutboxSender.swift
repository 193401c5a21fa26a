// OutboxSender: drains one account's Matrix outbox, in order — reserves the picture's mxc:// URI, uploads the bytes,
// sends the event under the entry's transaction id — recording each step, so a drain after a crash resumes where the
// last one stopped and never doubles a message (the same transaction id returns the same event).
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
    /// Called with a picture's `mxc://` URL and its bytes once they are uploaded, before the event is sent — the
    /// moment to seed the loader's cache with the local pixels.
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
    /// An ended session stops the drain. `report` hears each entry's outcome as it is known; all of them are returned.
    @discardableResult
    public func drain(report: @Sendable (SendOutcome) -> Void = { _ in }) async throws(MessageStoreError) -> [SendOutcome] {
        var outcomes: [SendOutcome] = []
        func note(_ outcome: SendOutcome) {
            outcomes.append(outcome)
            report(outcome)
        }
        for entry in try store.pendingOutbox(account: session.userID) {
            let started = ContinuousClock.now
            var failures = 0
            while true {
                do {
                    try await attempt(entry)
                    note(SendOutcome(entry: try store.outboxEntry(entry.id) ?? entry, failure: nil))
                    break
                } catch let error as MessageStoreError {
                    throw error
                } catch {
                    let error = error as? MatrixError ?? .invalidResponse(endpoint: "the outbox", reason: "\(error)")
                    let sentence = error.description
                    try store.setOutboxFailed(entry.id, reason: sentence, retryable: error.isRetryable || Self.endsSession(error))
                    let stored = try store.outboxEntry(entry.id) ?? entry
                    if Self.endsSession(error) {
                        note(SendOutcome(entry: stored, failure: sentence))
                        return outcomes
                    }
                    guard error.isRetryable else {
                        note(SendOutcome(entry: stored, failure: sentence))
                        break
                    }
                    failures += 1
                    let wait = policy.delay(afterFailures: failures, retryAfter: Self.retryAfter(error))
                    if let patience = policy.patience, ContinuousClock.now + wait - started > patience {
                        note(SendOutcome(entry: stored, failure: sentence))
                        return outcomes
                    }
                    do { try await Task.sleep(for: wait) } catch {
                        note(SendOutcome(entry: stored, failure: sentence))
                        return outcomes
                    }
                }
            }
        }
        return outcomes
    }

    /// One attempt at `entry`, from the step it had reached: a `MatrixError` from the server, or the
    /// `MessageStoreError` of a step that could not be recorded.
    private func attempt(_ entry: OutboxEntry) async throws {
        var current = entry
        if let media = try store.outboxMedia(entry.id) {
            try store.setOutboxState(entry.id, .uploading)
            if current.mediaURL == nil {
                // The limit is checked before anything is reserved: a file too large never leaves a dangling mxc://.
                let limit = try await mediaLimit()
                let largest = max(media.picture.count, media.thumbnail?.count ?? 0)
                if let limit, largest > limit { throw MatrixError.tooLarge(bytes: largest, limit: limit) }
                let picture = try await client.createMedia(session)
                let thumbnail = media.thumbnail == nil ? nil : try await client.createMedia(session)
                try store.setOutboxMediaURLs(entry.id, picture: picture.url.absoluteString, thumbnail: thumbnail?.url.absoluteString)
                current.mediaURL = picture.url.absoluteString
                current.thumbnailURL = thumbnail?.url.absoluteString
            }
            guard let pictureURL = current.mediaURL.flatMap(URL.init(string:)),
                  let picture = try? MatrixMediaURL(url: pictureURL) else {
                throw MatrixError.invalidResponse(endpoint: "/media/create", reason: "the stored mxc:// URL cannot be read")
            }
            if !current.uploaded {
                let limit = try await mediaLimit()
                if let thumbnailText = current.thumbnailURL, let thumbnailURL = URL(string: thumbnailText),
                   let thumbnail = try? MatrixMediaURL(url: thumbnailURL), let bytes = media.thumbnail {
                    try await client.upload(bytes, contentType: media.thumbnailType, filename: "thumbnail.jpg", to: thumbnail,
                                            limit: limit, session: session)
                }
                try await client.upload(media.picture, contentType: media.pictureType, filename: entry.body, to: picture,
                                        limit: limit, session: session)
                try store.setOutboxUploaded(entry.id)
            }
            await uploaded?(picture, media.picture)
        }
        try store.setOutboxState(entry.id, .sending)
        let content: Data
        do {
            content = try MessageContent.completed(entry.content, url: current.mediaURL, thumbnailURL: current.thumbnailURL)
        } catch {
            throw MatrixError.invalidResponse(endpoint: "the outbox", reason: "the stored event content is not JSON")
        }
        let eventID = try await client.send(content, to: entry.roomID, transactionID: entry.transactionID, session: session)
        try store.setOutboxSent(entry.id, eventID: eventID)
    }

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
