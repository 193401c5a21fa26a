// TerminalNotificationTests: a Matrix message arriving in a conversation not on screen is announced — OSC 9,
// OSC 99, OSC 777 or the bell as the terminal allows, nothing when turned off or when that conversation is on screen —
// and a room's name never brings a control character with it.
import Foundation
import MessageStore
import SnaptermUI
import Testing

@MainActor
@Suite struct TerminalNotificationTests {
    @Test func givenEachTerminal_whenChoosingTheStyle_thenItIsWhatThatTerminalShows() {
        #expect(TerminalNotification.style(environment: ["TERM_PROGRAM": "iTerm.app"]) == .osc9)
        #expect(TerminalNotification.style(environment: ["TERM_PROGRAM": "WezTerm"]) == .osc9)
        #expect(TerminalNotification.style(environment: ["TERM": "xterm-kitty"]) == .osc99)
        #expect(TerminalNotification.style(environment: ["TERM": "rxvt-unicode-256color"]) == .osc777)
        #expect(TerminalNotification.style(environment: ["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-1/default,1,0"]) == .bell)
        #expect(TerminalNotification.style(environment: ["TERM": "xterm-256color"]) == .bell)
        #expect(TerminalNotification.style(environment: ["TERM": "xterm-kitty", "SNAPTERM_NOTIFY": "0"]) == .off)
    }

    @Test func givenAHostileRoomName_whenAnnounced_thenNoControlCharacterReachesTheTerminal() {
        let room = "Trip\u{1B}]52;c;AAAA\u{07}\u{202E};x"
        let osc9 = String(decoding: TerminalNotification.osc9.bytes(room: room), as: UTF8.self)
        #expect(osc9 == "\u{1B}]9;New message in Trip^[]52;c;AAAA^G<U+202E>;x\u{07}")
        let osc99 = String(decoding: TerminalNotification.osc99.bytes(room: room), as: UTF8.self)
        #expect(osc99 == "\u{1B}]99;;New message in Trip^[]52;c;AAAA^G<U+202E>;x\u{1B}\\")
        let osc777 = String(decoding: TerminalNotification.osc777.bytes(room: room), as: UTF8.self)
        #expect(osc777 == "\u{1B}]777;notify;Snapterm;New message in Trip^[]52,c,AAAA^G<U+202E>,x\u{07}")
        #expect(TerminalNotification.bell.bytes(room: room) == Data([0x07]))
        #expect(TerminalNotification.off.bytes(room: room).isEmpty)
    }

    @Test func givenAConnection_whenAMessageArrives_thenTheBellRingsUnlessItsConversationIsOnScreen() throws {
        let fixture = try MessageFixture()
        let connection = SilentConnection()
        fixture.state.connection = connection
        fixture.state.notification = .bell
        let list = ConversationsScreen(store: fixture.store, loader: fixture.state.loader,
                                       box: fixture.state.box(columns: 10, rows: 3), connection: connection)
        let output = BufferOutput()
        let app = SnaptermApp(state: fixture.state, terminal: FakeTerminalScreen(rows: 30, columns: 80), output: output, tabs: [list])
        app.drawFrame()

        connection.onArrival?([fixture.conversation])
        #expect(output.bytes.filter { $0 == 0x07 }.count == 1)

        app.handle(.enter)  // the conversation is on screen now
        #expect(connection.shown == [fixture.conversation], "shown: a read receipt is asked for")
        connection.onArrival?([fixture.conversation])
        #expect(output.bytes.filter { $0 == 0x07 }.count == 1, "no bell for the conversation on screen")
    }
}

/// A connection that never connects: it records what the app asks of it.
@MainActor
final class SilentConnection: MessageConnection {
    var onChange: (() -> Void)?
    var onArrival: (([Int64]) -> Void)?
    private(set) var shown: [Int64] = []

    func status(at now: Date) -> String { "Matrix: live" }
    var statusCountsDown: Bool { false }
    func shown(conversationID: Int64) { shown.append(conversationID) }
    func answerInvite(conversationID: Int64, accept: Bool) {}
}
