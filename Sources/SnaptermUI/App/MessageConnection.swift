// MessageConnection: what the screens see of a messaging account that syncs in the background — its state for the
// status line, a call when the store changed, and answers to invites. The app's executable makes one for a
// logged-in Matrix account; with none, the screens work on the local store alone.
import Foundation

/// A background connection that fills the message store.
@MainActor
public protocol MessageConnection: AnyObject {
    /// The status line's words (`Matrix: live`, `Matrix: offline — retrying in 4 s`) at `now`.
    func status(at now: Date) -> String
    /// Whether `status` changes by itself as time passes (a countdown): the app redraws it every second.
    var statusCountsDown: Bool { get }
    /// Set by the app: called when the store changed or the state did.
    var onChange: (() -> Void)? { get set }
    /// Set by the app: called with the conversations where messages from others arrived (not on a first sync).
    var onArrival: (([Int64]) -> Void)? { get set }
    /// The conversation is on screen: what it shows has been read (a read receipt for its newest message).
    func shown(conversationID: Int64)
    /// Accepts (joins) or declines the invite behind a conversation; the outcome arrives through the store.
    func answerInvite(conversationID: Int64, accept: Bool)
    /// Where loading the conversation's messages older than the stored ones stands.
    func olderMessages(of conversationID: Int64) -> OlderMessages
    /// Asks for the conversation's messages older than the stored ones; they arrive through the store (`onChange`).
    func loadOlderMessages(of conversationID: Int64)
}
