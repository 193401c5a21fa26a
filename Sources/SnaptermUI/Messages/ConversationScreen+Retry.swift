// ConversationScreen+Retry: the messages of a remote room whose send failed, sent again from the keyboard.
import Foundation

extension ConversationScreen {
    /// Puts this conversation's failed sends back in the outbox and returns how many (0 in a conversation that is no
    /// remote room); throws when the store cannot be written.
    func retryFailedSends() throws -> Int {
        guard let sending = composer.roomSending else { return 0 }
        let count = try sending.retryFailed(conversationID: conversationID)
        if count > 0 { messagesChanged() }
        return count
    }
}
