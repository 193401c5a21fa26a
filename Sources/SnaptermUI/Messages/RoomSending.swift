// RoomSending: what the conversation screen calls to send a draft beyond this machine — to the Matrix room a
import MessageStore
// conversation stands for. The app gives the composer one; the screen knows nothing of Matrix.

/// Sends drafts of conversations that are remote rooms.
public protocol RoomSending: Sendable {
    /// Queues `draft` for the room conversation `conversationID` stands for (written to the outbox before anything
    /// is sent); `false` when that conversation is no remote room. Throws when the draft cannot be queued (a photo
    /// that cannot be read, a full disk): nothing is queued, and the draft must be kept.
    func queue(_ draft: Draft, conversationID: Int64) throws -> Bool
}
