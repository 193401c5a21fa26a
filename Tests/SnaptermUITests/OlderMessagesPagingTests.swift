// OlderMessagesPagingTests: a conversation scrolled to its top asks its connection for older messages once, shows
// "loading older messages…" above the oldest while they come, and keeps the rows on screen in place when they are
// added above; a failed page is said and retried only by a key; a conversation at its start asks nothing.
import Foundation
import MessageStore
import SchemeLoader
@testable import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct OlderMessagesPagingTests {
    private let area = CellRect(row: 1, column: 0, rows: 30, columns: 100)

    private func screen(_ fixture: MessageFixture, _ connection: PagingConnection) -> ConversationScreen {
        let screen = ConversationScreen(id: fixture.conversation, title: "Bob", store: fixture.store, loader: fixture.state.loader,
                                        box: fixture.state.box(columns: 16, rows: 4))
        screen.connection = connection
        screen.layout(in: area)
        return screen
    }

    private func draw(_ screen: ConversationScreen) -> [String] { UIFixtures.lines(of: screen, in: area) }

    private func receive(_ fixture: MessageFixture, _ range: ClosedRange<Int>) throws {
        for index in range {
            try fixture.store.receive(text: "message \(index) end", in: fixture.conversation,
                                      at: Date(timeIntervalSince1970: 1_000_000 + Double(index) * 60))
        }
    }

    @Test func givenAConversationScrolledToItsTop_whenOlderMessagesArrive_thenTheRowsOnScreenStayInPlace() throws {
        let fixture = try MessageFixture()
        try receive(fixture, 20...39)
        let connection = PagingConnection(.available)
        let screen = screen(fixture, connection)
        #expect(connection.requests.isEmpty, "opened at the newest message: nothing asked")

        for _ in 0..<10 { _ = screen.handle(.pageUp) }
        #expect(connection.requests == [fixture.conversation], "asked once at the top, not once per key")
        var lines = draw(screen)
        let loading = try #require(lines.firstIndex { $0.contains("loading older messages…") })
        let oldest = try #require(lines.firstIndex { $0.contains("message 20 end") })
        #expect(loading < oldest)

        // The page arrives: twenty older messages are stored above.
        try receive(fixture, 0...19)
        connection.state = .available
        screen.messagesChanged()
        lines = draw(screen)
        #expect(lines.firstIndex { $0.contains("message 20 end") } == oldest, "the top row stays where it was")
        #expect(!lines.contains { $0.contains("loading older messages") })
        #expect(!lines.contains { $0.contains("message 19 end") })
        #expect(connection.requests.count == 1, "not at the top any more: nothing more asked")

        for _ in 0..<20 { _ = screen.handle(.pageUp) }
        #expect(draw(screen).contains { $0.contains("message 0 end") })
        #expect(connection.requests.count == 2)
    }

    @Test func givenAFailedPage_thenItIsSaidAndRetriedOnlyByAKey() throws {
        let fixture = try MessageFixture()
        try receive(fixture, 0...1)
        let connection = PagingConnection(.failed("the homeserver answered 500"))
        let screen = screen(fixture, connection)
        screen.messagesChanged()
        #expect(connection.requests.isEmpty, "a failure is not retried by itself")
        #expect(draw(screen).contains { $0.contains("could not load older messages (the homeserver answered 500)") })
        _ = screen.handle(.up)
        #expect(connection.requests == [fixture.conversation])
    }

    @Test func givenAConversationAtItsStart_thenNothingIsAskedOrShown() throws {
        let fixture = try MessageFixture()
        try receive(fixture, 0...1)
        let connection = PagingConnection(.complete)
        let screen = screen(fixture, connection)
        _ = screen.handle(.up)
        #expect(connection.requests.isEmpty)
        #expect(!draw(screen).contains { $0.contains("older messages") })
    }
}

/// A connection whose paging state the test sets; each request for older messages is recorded and makes it `.loading`.
@MainActor
final class PagingConnection: MessageConnection {
    var onChange: (() -> Void)?
    var onArrival: (([Int64]) -> Void)?
    var state: OlderMessages
    private(set) var requests: [Int64] = []

    init(_ state: OlderMessages) { self.state = state }

    func status(at now: Date) -> String { "Matrix: live" }
    var statusCountsDown: Bool { false }
    func shown(conversationID: Int64) {}
    func answerInvite(conversationID: Int64, accept: Bool) {}
    func olderMessages(of conversationID: Int64) -> OlderMessages { state }
    func loadOlderMessages(of conversationID: Int64) {
        requests.append(conversationID)
        state = .loading
    }
}
