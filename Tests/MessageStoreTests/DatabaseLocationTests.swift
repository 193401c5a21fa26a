// With HOME unset, the database goes to the account's own home, or nowhere (the caller refuses) —
// never to a shared temporary folder.
import Foundation
import MessageStore
import Testing

@Suite struct DatabaseLocationTests {
    @Test func homeUnsetUsesTheAccountsHomeOrNothing() {
        #expect(MessageStore.defaultLocation(environment: [:], accountHome: "/home/ada")?.path
                == "/home/ada/.local/share/snapterm/messages.sqlite")
        // Before: NSTemporaryDirectory()/.local/share/snapterm/messages.sqlite, shared by every user
        #expect(MessageStore.defaultLocation(environment: [:], accountHome: nil) == nil)
        #expect(MessageStore.defaultLocation(environment: [:], accountHome: "/") == nil)
    }
}
