// MatrixRoomsEndToEndTests: the terminal UI against the real Synapse in tmux — logged in with `snapterm login`, a
// matrix-nio peer's invite is listed and accepted with `a`, its text and picture appear in the conversations list
// and in the room, a message sent while the room is open arrives live, the unread count goes once the room was shown (read
// receipts), the status line says the sync is live.
// Hostile text from the peer is shown escaped. The demo conversations stay beside the rooms.
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct MatrixRoomsEndToEndTests {
    @Test func givenALoggedInAccount_whenAPeerInvitesAndWrites_thenTheRoomAndItsMessagesAppearLive() async throws {
        let fixture = try E2EFixture(columns: 110, rows: 34)
        let tmux = fixture.tmux
        let scene = try await fixture.matrixRoom(named: "Trip \u{1B}[31mplans")
        let (bob, peer, room) = (scene.bob, scene.peer, scene.room)

        try await fixture.start()
        try await tmux.waitFor("[Places]")
        try await tmux.send("Tab")
        try await tmux.waitFor("[Messages]")
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("invited by") } && $0.contains { $0.contains("Matrix: live") } }
        // The invite is the newest row: selected at the top.
        try await tmux.send("g", "a")
        let text = "hello \u{1B}[2J from nio"
        try await tmux.waitFor(timeout: .seconds(60)) { !$0.contains { $0.contains("invited by") } }
        _ = try await peer.sendText(text, to: room)
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/coffee-320-progressive.jpg")
        _ = try await peer.sendImage(photo, to: room)
        let list = try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("coffee-320-progressive.jpg") } }
        #expect(list.contains { $0.contains("Trip ^[[31mplans") }, "the room's name is shown escaped: \(list)")
        #expect(list.contains { $0.contains("Ada") }, "the demo conversations stay: \(list)")
        // The peer's two messages are unread, as the server counts them.
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("Trip ^[[31mplans (2)") } }

        try await tmux.send("g", "Enter")
        let opened = try await tmux.waitFor(timeout: .seconds(60)) { lines in
            lines.contains { $0.contains("hello ^[[2J from nio") } && lines.contains { $0.contains(bob.localpart) }
        }
        #expect(!opened.contains { $0.contains("✗") }, "\(opened)")
        _ = try await peer.sendText("arrives while the room is open", to: room)
        try await tmux.waitFor("arrives while the room is open", timeout: .seconds(60))
        // What was shown was read: back in the list, the room has no unread count (read receipts).
        try await tmux.send("Escape")
        try await tmux.waitFor(timeout: .seconds(60)) { lines in
            lines.contains { $0.contains("Trip ^[[31mplans") && !$0.contains("(") }
        }
        try await tmux.send("q")
        try await tmux.waitFor("EXIT=0")
    }
}
