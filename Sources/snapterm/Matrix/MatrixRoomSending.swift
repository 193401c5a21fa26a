// MatrixRoomSending: the composer's drafts sent to Matrix rooms — the text and each photo (its edited pixels, at most
// 2048 px on the long side) written to the outbox with their local echoes in one transaction, then the outbox runner
// woken. Each photo is a message of its own, so one that fails to upload never takes the text or the others with it.
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
    private let library: AssetLibrary?
    private let wake: @Sendable () -> Void

    /// Sends as `account` through `store`'s outbox; photos are read from `library`; `wake` starts a drain.
    init(store: MessageStore, account: String, library: AssetLibrary?, wake: @escaping @Sendable () -> Void) {
        self.store = store
        self.account = account
        self.library = library
        self.wake = wake
    }

    func queue(_ draft: Draft, conversationID: Int64) throws -> Bool {
        guard let room = try store.matrixRoom(ofConversation: conversationID) else { return false }
        guard room.account == account else {
            throw RoomSendingError(description: "this room belongs to \(room.account), not the account logged in (\(account))")
        }
        let sends = try Self.sends(of: draft, roomID: room.roomID, library: library)
        try store.enqueue(sends, account: account, in: conversationID)
        wake()
        return true
    }

    func retryFailed(conversationID: Int64) throws -> Int {
        let count = try store.retryFailedSends(in: conversationID)
        if count > 0 { wake() }
        return count
    }

    /// The draft's messages, in order — its text, then each photo —, all made before any is written: a photo that
    /// cannot be read sends nothing.
    static func sends(of draft: Draft, roomID: String, library: AssetLibrary?) throws -> [EchoedSend] {
        var sends: [EchoedSend] = []
        let text = draft.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.isEmpty { sends.append(EchoedSend(message: try MessageContent.text(draft.text, roomID: roomID))) }
        for (index, url) in draft.attachments.enumerated() {
            guard url.scheme?.lowercased() == "asset", let library else {
                throw RoomSendingError(description: "attachment \(index + 1) is not a photo of the gallery: only photos "
                    + "can be sent to a Matrix room (x removes it)")
            }
            do {
                let (data, edit) = try library.editedPhoto(url)
                let photo = try PreparedPhoto.make(from: data, edit: edit)
                sends.append(EchoedSend(message: try MessageContent.image(photo, filename: "photo-\(index + 1).jpg", roomID: roomID),
                                        picture: url))
            } catch {
                throw RoomSendingError(description: "photo \(index + 1) cannot be sent: \(error)")
            }
        }
        return sends
    }
}
