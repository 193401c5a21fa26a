// MatrixRoomSending: the composer's drafts sent to Matrix rooms — each photo prepared in the background from the
// moment it is attached or edited (its edited pixels, at most 2048 px on the long side unless the original size is
// chosen), then at Enter the text and each photo written to the outbox with their local echoes in one transaction
// (DraftOutbox; a photo's bytes are written behind it, off the UI), and the outbox runner woken. Each photo is a
// message of its own, so one that fails to upload never takes the text or the others with it.
import AssetLibrary
import Foundation
import Imaging
import MatrixSending
import MessageStore
import SnaptermUI

/// Why a draft cannot be sent to a Matrix room.
struct RoomSendingError: Error, CustomStringConvertible {
    let description: String
}

/// Queues drafts of Matrix room conversations in the outbox of the logged-in account.
final class MatrixRoomSending: RoomSending {
    private let store: MessageStore
    private let account: String
    private let outbox: DraftOutbox

    /// Sends as `account` through `store`'s outbox; photos are read from `library`; `wake` starts a drain. Photos an
    /// earlier run left unprepared in the outbox are prepared again.
    init(store: MessageStore, account: String, library: AssetLibrary?, wake: @escaping @Sendable () -> Void) {
        self.store = store
        self.account = account
        let preparations = PhotoPreparations { url in
            guard let library else { throw RoomSendingError(description: "there is no photo gallery to read it from") }
            return try library.editedPhoto(url)
        }
        outbox = DraftOutbox(store: store, account: account, preparations: preparations, wake: wake)
        try? outbox.resumeAwaited()  // unreadable now: the runner's drain says why (it reads the same outbox)
    }

    func prepare(_ draft: Draft, conversationID: Int64) {
        guard (try? store.matrixRoom(ofConversation: conversationID)) != nil else { return }
        outbox.prepare(draft)
    }

    func queue(_ draft: Draft, conversationID: Int64) throws -> Bool {
        guard let room = try store.matrixRoom(ofConversation: conversationID) else { return false }
        guard room.account == account else {
            throw RoomSendingError(description: "this room belongs to \(room.account), not the account logged in (\(account))")
        }
        try outbox.queue(draft, roomID: room.roomID, conversationID: conversationID)
        return true
    }

    func retryFailed(conversationID: Int64) throws -> Int {
        let count = try store.retryFailedSends(in: conversationID)
        try outbox.resumeAwaited()
        if count > 0 { outbox.wakeSender() }
        return count
    }
}
