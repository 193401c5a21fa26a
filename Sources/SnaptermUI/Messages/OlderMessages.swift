// OlderMessages: where loading a conversation's messages older than the stored ones stands — what the conversation
// screen asks its connection when scrolled to the top, and the line it shows there meanwhile.

/// Where paging back in a conversation stands.
public enum OlderMessages: Sendable, Equatable {
    /// Older messages may exist: scrolling to the top asks for them.
    case available
    /// A page is being asked for.
    case loading
    /// The last request failed for this reason; scrolling up again retries.
    case failed(String)
    /// Everything is stored, back to the conversation's start.
    case complete
    /// Nothing to page back through (a local conversation).
    case unavailable

    /// The line shown above the oldest message, if any.
    var line: String? {
        switch self {
        case .loading: "loading older messages…"
        case .failed(let reason): "✗ could not load older messages (\(reason)) — ↑ to retry"
        case .available, .complete, .unavailable: nil
        }
    }
}

extension MessageConnection {
    /// A connection without history to page back through.
    public func olderMessages(of conversationID: Int64) -> OlderMessages { .unavailable }
    /// Does nothing: there is no history to page back through.
    public func loadOlderMessages(of conversationID: Int64) {}
}
