// MatrixSendFaultEndToEndTests: the composer's sends over Matrix when things go wrong, in tmux against the real Synapse
// (reached through a relay the test holds or cuts) with the matrix-nio peer — the UI killed (SIGKILL) while a photo's
// send is held on its way, then started again: the peer gets exactly one m.image, under the transaction the outbox
// wrote first; and the server unreachable while several messages are sent: each is marked sending, then, once the
// server is back, sent — and the peer has each once, in order.
import Foundation
import Imaging
import MessageStore
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct MatrixSendFaultEndToEndTests {
    /// Where a photo's send is held when the UI is killed.
    enum HeldStep: String, CaseIterable, CustomTestStringConvertible {
        /// The picture's bytes on their way (its event already sent): the request is never relayed.
        case upload
        /// The event reached the server, but its answer never reaches the UI.
        case eventAnswer

        var testDescription: String { rawValue }
    }

    @Test(arguments: HeldStep.allCases)
    func aPhotoSendKilledMidwayArrivesExactlyOnceAfterTheRestart(_ step: HeldStep) async throws {
        // Given alice in a room with bob, reached through a relay that holds one step of a photo's send
        let fixture = try E2EFixture(columns: 110, rows: 34)
        let tmux = fixture.tmux
        let relay = try LoopbackRelay(to: try TestHomeserver.fromEnvironment().url)
        let (peer, room, alice) = try await MatrixComposeEndToEndTests.openRoom(named: "Held \(step)", in: fixture,
                                                                                through: relay)
        switch step {
        case .upload: relay.holdRequests(containing: "PUT /_matrix/media/v3/upload/")
        case .eventAnswer: relay.holdAnswers(toRequestsContaining: "/send/m.room.message/")
        }

        // When a photo is sent from the composer and the UI is killed (SIGKILL) while that step is held
        try await Self.sendFirstPhoto(tmux)
        let held = await eventually(timeout: .seconds(120)) { relay.heldCount >= 1 }
        let screen = try await tmux.screen()
        #expect(held, "\(screen)")
        let before = try #require(try Self.outbox(fixture, alice).first)
        #expect(try Self.outbox(fixture, alice).count == 1)
        switch step {
        case .upload: #expect(before.eventID != nil && before.state == .uploading && !before.uploaded, "\(before)")
        case .eventAnswer: #expect(before.eventID == nil && before.state == .sending, "\(before)")
        }
        let pid = try #require(try await fixture.appPID())
        kill(pid, SIGKILL)
        try await tmux.waitFor("EXIT=137")
        relay.release()
        try await tmux.run("reset")

        // And the UI is started again, its conversation opened
        try await fixture.start()
        try await tmux.waitFor("[Places]")
        try await tmux.send("Tab")
        try await tmux.waitFor("[Messages]")
        try await tmux.send("g", "Enter")
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("i write") } }

        // Then the photo is marked sent, and the outbox holds that one send, under its first transaction id
        try await tmux.waitFor(timeout: .seconds(120)) { $0.contains { $0.contains("✓ sent") } }
        let after = try Self.outbox(fixture, alice)
        #expect(after.map(\.transactionID) == [before.transactionID] && after.map(\.state) == [.sent], "\(after)")
        if let eventID = before.eventID { #expect(after.first?.eventID == eventID) }
        // and the peer has exactly one m.image — that event —, whose picture downloads and decodes
        let events = try await peer.messages(in: room, atLeast: 2)
        let images = events.filter { ($0["content"] as? [String: Any])?["msgtype"] as? String == "m.image" }
        #expect(images.count == 1 && events.count == 2, "\(events)")
        let image = try #require(images.first)
        #expect(image["event_id"] as? String == after.first?.eventID)
        let content = try #require(image["content"] as? [String: Any])
        #expect(content["url"] as? String == before.mediaURL)
        let download = fixture.folder.appending("received.jpg")
        try await peer.download(try #require(content["url"] as? String), to: download)
        let info = try #require(content["info"] as? [String: Any])
        let received = try ImageProcessor().info(of: try Data(contentsOf: download))
        #expect(received.width == info["w"] as? Int && received.height == info["h"] as? Int, "\(received) vs \(info)")

        try await tmux.send("Escape", "q")
        try await tmux.waitFor("EXIT=0")
    }

    @Test func messagesSentWhileTheServerIsDownArriveOnceInOrderWhenItIsBack() async throws {
        // Given alice in a room with bob, and the way to the homeserver cut (it looks down: connections refused)
        let fixture = try E2EFixture(columns: 110, rows: 34)
        let tmux = fixture.tmux
        let relay = try LoopbackRelay(to: try TestHomeserver.fromEnvironment().url)
        let (peer, room, alice) = try await MatrixComposeEndToEndTests.openRoom(named: "Down", in: fixture, through: relay)
        relay.cut()

        // When three messages are sent from the composer, one after another
        let texts = ["first while down", "second while down", "third while down"]
        try await tmux.send("i")
        try await tmux.waitFor("Enter send")
        for (index, text) in texts.enumerated() {
            try await tmux.type(text)
            try await tmux.waitFor { $0.contains { $0.hasPrefix("✎") && $0.contains(text) } }
            try await tmux.send("Enter")
            try await tmux.waitFor { lines in
                Self.unsentBylines(lines) == index + 1 && !lines.contains { $0.hasPrefix("✎") && $0.contains(text) }
            }
        }

        // Then each is in the outbox, in order, and the first was tried and failed; none is marked sent
        let tried = await eventually(timeout: .seconds(60)) { ((try? Self.outbox(fixture, alice).first?.attempts) ?? 0) >= 1 }
        #expect(tried)
        #expect(try Self.outbox(fixture, alice).map(\.body) == texts)
        let waiting = try await tmux.screen()
        #expect(Self.unsentBylines(waiting) == 3 && !waiting.contains { $0.contains("✓ sent") }, "\(waiting)")

        // When the server is reachable again
        try relay.open()

        // Then all three are marked sent, and the peer has each once, in the order they were written
        try await tmux.waitFor(timeout: .seconds(180)) { lines in lines.filter { $0.contains("✓ sent") }.count == 3 }
        let events = try await peer.messages(in: room, atLeast: 4)
        let fromAlice = events.filter { $0["sender"] as? String == alice }
        #expect(fromAlice.compactMap { ($0["content"] as? [String: Any])?["body"] as? String } == texts, "\(events)")
        #expect(try Self.outbox(fixture, alice).allSatisfy { $0.state == .sent })

        try await tmux.send("Escape", "Escape", "q")
        try await tmux.waitFor("EXIT=0")
    }

    /// Attaches the gallery's first photo as it is and sends the draft.
    private static func sendFirstPhoto(_ tmux: TmuxSession) async throws {
        try await tmux.attachFirstPhotoAsItIs()
        try await tmux.send("i")
        try await tmux.waitFor("Enter send")
        try await tmux.send("Enter")
    }

    /// How many of alice's bylines say the message is not sent yet (`sending…`, or a failure being retried).
    private static func unsentBylines(_ lines: [String]) -> Int {
        lines.filter { $0.contains("You ·") && ($0.contains("sending…") || $0.contains("not sent")) }.count
    }

    /// alice's outbox as the UI left it, read through a store of the test's own.
    private static func outbox(_ fixture: E2EFixture, _ alice: String) throws -> [OutboxEntry] {
        try MessageStore(path: fixture.databasePath).outbox(account: alice)
    }
}
