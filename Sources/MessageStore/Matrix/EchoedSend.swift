// EchoedSend: one message for the Matrix outbox and its local echo — what the conversation shows at once, before
// the server has the event: the message's text and the very picture URL of the draft (`asset://` with its edits);
// SettledSend: an echo the server answered, and the `mxc://` URL it switches to.
import Foundation

/// A send and the local echo it shows until the server's event replaces it.
public struct EchoedSend: Sendable, Equatable {
    /// What the outbox sends; the echo shows its `body`, as the synced event will.
    public var message: OutgoingMessage
    /// The echo's picture: the draft's own URL, so the cached picture of the draft is what it shows.
    public var picture: URL?

    /// A send whose echo shows `picture` beside the message's body.
    public init(message: OutgoingMessage, picture: URL? = nil) {
        self.message = message
        self.picture = picture
    }
}

/// A local echo whose send the server answered, and what it becomes.
public struct SettledSend: Sendable, Equatable {
    /// The echo's conversation.
    public var conversationID: Int64
    /// The send's transaction id.
    public var transactionID: String
    /// The event id the server gave it.
    public var eventID: String
    /// The picture the echo shows now (the draft's URL), if any.
    public var localPicture: URL?
    /// The picture's `mxc://` URL, which the echo shows once settled.
    public var mediaURL: URL?

    /// A settled send.
    public init(conversationID: Int64, transactionID: String, eventID: String, localPicture: URL?, mediaURL: URL?) {
        self.conversationID = conversationID
        self.transactionID = transactionID
        self.eventID = eventID
        self.localPicture = localPicture
        self.mediaURL = mediaURL
    }
}
