// MatrixHistoryEndToEndTests: paging back in tmux against the real Synapse — the peer sent more messages than the
// first sync's timeline holds; scrolled to the top, Snapterm asks `/messages`, the rows on screen stay where they were
// while the older ones are added above, and scrolling up again shows the room's first message — its sender by display
// name, escaped.
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct MatrixHistoryEndToEndTests {
    @Test func givenMoreMessagesThanTheFirstSyncHolds_whenScrolledToTheTop_thenTheOldestAppears() async throws {
        let fixture = try E2EFixture(columns: 110, rows: 34)
        let tmux = fixture.tmux
        let scene = try await fixture.matrixRoom(named: "Long history", joined: true)
        let (bob, peer, room) = (scene.bob, scene.peer, scene.room)
        try await peer.setDisplayName("Bob \u{1B}[31mred")
        // 30 messages: the first sync's timeline holds the newest 20.
        _ = try await peer.sendTexts("history", count: 30, to: room)

        try await fixture.start()
        try await tmux.waitFor("[Places]")
        try await tmux.send("Tab")
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("Long history") } && $0.contains { $0.contains("Matrix: live") } }
        // One more, live: the room becomes the newest conversation, above the demo's, and is opened.
        _ = try await peer.sendText("history 031", to: room)
        try await tmux.waitFor("history 031", timeout: .seconds(60))
        try await tmux.send("g", "Enter")
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("history 031") } && $0.contains { $0.contains("i write") } }

        // To the top of what the first sync stored: "history 011", and older messages are asked for.
        try await tmux.send("g")
        let top = try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("history 011") } }
        let row = try #require(top.firstIndex { $0.contains("history 011") })
        let paged = try await tmux.waitFor(timeout: .seconds(60)) { !$0.contains { $0.contains("loading older messages") } }
        #expect(paged.firstIndex { $0.contains("history 011") } == row, "the rows on screen stay in place: \(paged)")
        #expect(!paged.contains { $0.contains("could not load") }, "\(paged)")

        try await tmux.send("g")
        let oldest = try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("history 001") } }
        #expect(!oldest.contains { $0.contains("✗") }, "\(oldest)")
        // The sender by its display name from the room's member state, escaped.
        #expect(oldest.contains { $0.contains("Bob ^[[31mred ·") }, "\(oldest)")
        #expect(!oldest.contains { $0.contains(bob.userID) }, "\(oldest)")
        try await tmux.send("Escape", "q")
        try await tmux.waitFor("EXIT=0")
    }
}
