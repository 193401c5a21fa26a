// DraftOutbox: a Matrix room's draft written to the outbox at Enter without preparing or storing a picture there — its
// text, and each photo written `preparing` with its echo (it shows at once), then filled in off the caller's thread
// once PhotoPreparations has it ready (at once for one prepared since it was attached): the picture's bytes are never
// written at Enter, and the outbox waits for them, keeping the draft's order. A photo whose preparation fails then
// fails alone, with a sentence, the text and the other photos sent.
import Foundation
import MessageStore
import Synchronization

/// Why a draft cannot be queued for a Matrix room: nothing of it is queued, and the draft is kept.
public enum DraftOutboxError: Error, Equatable, CustomStringConvertible {
    /// Attachment `number` (from 1) is no photo of the gallery.
    case notAPhoto(number: Int)
    /// Photo `number` (from 1) could not be made ready (read, decoded, encoded): `reason` says why.
    case photoUnusable(number: Int, reason: String)

    public var description: String {
        switch self {
        case .notAPhoto(let number):
            "attachment \(number) is not a photo of the gallery: only photos can be sent to a Matrix room (x removes it)"
        case .photoUnusable(let number, let reason): "photo \(number) cannot be sent: \(reason)"
        }
    }
}

/// Queues the drafts of one account's Matrix rooms, their photos prepared off the UI.
public final class DraftOutbox: Sendable {
    private let store: MessageStore
    private let account: String
    private let preparations: PhotoPreparations
    private let wake: @Sendable () -> Void
    /// The outbox entries whose preparation is awaited, so none is prepared twice.
    private let awaited = Mutex<Set<Int64>>([])

    /// Queues as `account` into `store`'s outbox, photos from `preparations`; `wake` starts a drain (called after a
    /// queue, and when an awaited photo is ready or failed).
    public init(store: MessageStore, account: String, preparations: PhotoPreparations, wake: @escaping @Sendable () -> Void) {
        self.store = store
        self.account = account
        self.preparations = preparations
        self.wake = wake
    }

    /// The draft changed: its photos are prepared in the background from now on (those no longer in it are dropped).
    public func prepare(_ draft: Draft) {
        preparations.keep(Self.requests(of: draft))
    }

    /// Writes `draft` to the outbox of the room `roomID` (conversation `conversationID`) with its echoes, in one
    /// transaction, and wakes the sender: its text, then each photo written `preparing` — its bytes stored in the
    /// background once it is ready, so the caller (the UI at Enter) never writes them. Never prepares a photo itself.
    /// Throws, queuing nothing, for an attachment that is no photo or whose preparation failed already, and when the
    /// store cannot write.
    @discardableResult
    public func queue(_ draft: Draft, roomID: String, conversationID: Int64) throws -> [OutboxEntry] {
        var sends: [EchoedSend] = []
        if !draft.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            sends.append(EchoedSend(message: try MessageContent.text(draft.text, roomID: roomID)))
        }
        for (index, request) in Self.requests(of: draft).enumerated() {
            guard request.url.scheme?.lowercased() == "asset" else { throw DraftOutboxError.notAPhoto(number: index + 1) }
            if case .failure(let error)? = preparations.outcome(of: request) {
                throw DraftOutboxError.photoUnusable(number: index + 1, reason: "\(error)")
            }
            let name = "photo-\(index + 1).jpg"
            sends.append(EchoedSend(message: .awaitingPicture(roomID: roomID, body: name, original: request.original),
                                    picture: request.url))
        }
        let entries = try store.enqueue(sends, account: account, in: conversationID)
        for (entry, send) in zip(entries, sends) where entry.state == .preparing { complete(entry, picture: send.picture) }
        wake()
        return entries
    }

    /// Asks the sender for a drain.
    public func wakeSender() { wake() }

    /// Prepares the photos the outbox still awaits — left by an earlier run, or put back by a retry — and fills them in.
    public func resumeAwaited() throws(MessageStoreError) {
        for (entry, picture) in try store.awaitingPictures(account: account) { complete(entry, picture: picture) }
    }

    /// Fills in `entry` once its photo, `picture`, is ready, on a task of its own (never the caller's thread); a photo
    /// that cannot be made fails the entry for good.
    private func complete(_ entry: OutboxEntry, picture: URL?) {
        guard awaited.withLock({ $0.insert(entry.id).inserted }) else { return }
        guard let picture else {
            finish(entry, failure: "its picture is gone from the message database")
            return
        }
        let original = OutgoingMessage.awaitsOriginal(entry.content) ?? false
        let preparation = preparations.take(PhotoRequest(url: picture, original: original))
        Task { [self] in
            do {
                let photo = try await preparation.value
                let message = try MessageContent.image(photo, filename: entry.body, roomID: entry.roomID)
                if let media = message.media { try store.completePreparation(entry.id, content: message.content, media: media) }
                finish(entry, failure: nil)
            } catch let error as MessageStoreError {
                // Not written (the disk full): it fails, kept, until R puts it back; if even that cannot be written it
                // stays `preparing`, prepared again at the next start.
                finish(entry, failure: "the photo could not be stored: \(error)")
            } catch {
                finish(entry, failure: "the photo cannot be sent: \(error)")
            }
        }
    }

    private func finish(_ entry: OutboxEntry, failure: String?) {
        if let failure { try? store.setOutboxFailed(entry.id, reason: failure, retryable: false) }
        awaited.withLock { _ = $0.remove(entry.id) }
        wake()
    }

    private static func requests(of draft: Draft) -> [PhotoRequest] {
        draft.attachments.map { PhotoRequest(url: $0, original: draft.original) }
    }
}
