// The draft survives a crash at any keystroke: after every key the composer handles, another connection
// to the database (as a restarted process would open) already reads exactly the text on screen.
import Foundation
import MessageStore
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct DraftSavedOnEveryKeyTests {
    static let keys: [Key] = [.left, .right, .backspace, .delete, .home, .end, .control("a"), .control("e")]

    @Test func everyKeyIsCommittedBeforeTheNextOne() throws {
        // Given a conversation screen in writing mode and a second, independent connection to its database
        let fixture = try MessageFixture()
        let area = CellRect(row: 1, column: 0, rows: 30, columns: 80)
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 16, rows: 4))
        screen.layout(in: area)
        _ = screen.handle(.character("i"))
        let restarted = try MessageStore(path: fixture.store.path)
        var random = SeededGenerator(seed: 13)
        let letters = Array("ab 日本é🇫🇮\u{0301}x")
        // When 300 random keys (text and editing keys) are handled one at a time
        for step in 0..<300 {
            let key: Key = Bool.random(using: &random) || step < 5
                ? .character(letters.randomElement(using: &random)!) : Self.keys.randomElement(using: &random)!
            _ = screen.handle(key)
            // Then after each one, what another process would find is what the editor holds
            let saved = try restarted.draft(for: fixture.conversation).text
            guard saved == screen.composer.editor.text else {
                Issue.record("after key \(step) (\(key)): saved \(saved.debugDescription), editor \(screen.composer.editor.text.debugDescription)")
                return
            }
        }
        #expect(!screen.composer.editor.text.isEmpty)
    }
}
