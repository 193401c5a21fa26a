// RoomSending: what the conversation screen calls to send a draft beyond this machine — to the Matrix room a
// conversation stands for — and to retry sends that failed. The app gives the composer one; the screen knows
// nothing of Matrix.
import MessageStore

/// Sends drafts of conversations that are remote rooms.
public protocol RoomSending: Sendable {
    /// `draft` of `conversationID` changed (a photo attached, edited or removed, the original size chosen): what it
    /// will send can be made ready now, in the background, so that `queue` has nothing left to prepare.
    func prepare(_ draft: Draft, conversationID: Int64)

    /// Queues `draft` for the room conversation `conversationID` stands for (written to the outbox before anything
    /// is sent), stores its local echo and clears the saved draft, all at once, never waiting for a photo to be
    /// prepared nor writing its bytes (they are stored behind it, off the caller's thread); `false` when that
    /// conversation is no remote room (the composer then stores the message itself).
    /// Throws when the draft cannot be queued (a photo that cannot be read, a full disk): nothing is queued, and the
    /// draft must be kept.
    func queue(_ draft: Draft, conversationID: Int64) throws -> Bool

    /// Sends again the messages of `conversationID` whose send failed; returns how many.
    func retryFailed(conversationID: Int64) throws -> Int
}

extension RoomSending {
    /// Nothing to prepare by default.
    public func prepare(_ draft: Draft, conversationID: Int64) {}

    /// Nothing to retry by default.
    public func retryFailed(conversationID: Int64) throws -> Int { 0 }
}
