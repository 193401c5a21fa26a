// SendCommandFaultTests: `snapterm send` killed (SIGKILL) at each step of a picture's send — after its mxc:// URIs are
// reserved, before the event; after the event reached the server, before its answer — and run again: the matrix-nio
// peer gets exactly one message, naming the first reservation, and its picture downloads. And a session that ended
// with sends in the outbox: they stay, the sentence says to log in again, and after `snapterm login` (the same
// device again) each arrives once — the lost answer's event too.
import Foundation
import Imaging
import Matrix
import MessageStore
import TestSupport
import Testing

/// Serialized: each case starts `snapterm` processes (a 2-core machine).
@Suite(.serialized) struct SendCommandFaultTests {
    private static let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg")
    private static let sendMarker = "/send/m.room.message/"

    @Test func givenASendKilledAfterItsReservationBeforeItsEvent_whenRunAgain_thenOneMessageNamesThatReservation() async throws {
        // Given a send whose event request is held by the relay (never reaches the server)
        let fixture = try await SendCommandFixture.make()
        fixture.relay.holdRequests(containing: Self.sendMarker)

        // When it is killed there: its URIs reserved, its event not sent
        try await Self.killWhenHeld(fixture, sending: ["--photo", Self.photo.path])
        let stopped = try #require(try fixture.outbox().first)
        #expect(stopped.state == .sending && stopped.eventID == nil && !stopped.uploaded)
        let reserved = try #require(stopped.mediaURL)

        // And snapterm send runs again
        let again = try await fixture.send([])

        // Then one message arrives, naming the URI reserved before the kill, and its picture downloads whole
        #expect(again.status == 0, "\(again.stderr)")
        let picture = try await Self.onlyPicture(fixture)
        #expect(picture.url == reserved)
        try await Self.expectDownloads(picture, fixture: fixture)
        #expect(try fixture.outbox().map(\.state) == [.sent])
    }

    @Test func givenASendKilledAfterItsEventBeforeTheAnswer_whenRunAgain_thenTheSameEventIsTheOnlyOne() async throws {
        // Given a send whose event reaches the server, but whose answer the relay holds
        let fixture = try await SendCommandFixture.make()
        fixture.relay.holdAnswers(toRequestsContaining: Self.sendMarker)

        // When it is killed before it hears the answer
        try await Self.killWhenHeld(fixture, sending: ["--photo", Self.photo.path])
        let stopped = try #require(try fixture.outbox().first)
        #expect(stopped.state == .sending && stopped.eventID == nil && !stopped.uploaded)
        let first = try await Self.onlyPicture(fixture)

        // And snapterm send runs again
        let again = try await fixture.send([])

        // Then the server gives the same event back: it is the only message, and its picture now downloads
        #expect(again.status == 0, "\(again.stderr)")
        #expect(String(decoding: again.stdout, as: UTF8.self).hasPrefix("sent \(fixture.room) \(first.eventID) coffee.jpg"))
        let picture = try await Self.onlyPicture(fixture)
        #expect(picture.eventID == first.eventID && picture.url == stopped.mediaURL)
        try await Self.expectDownloads(picture, fixture: fixture)
    }

    @Test func givenAnAnswerLostThenTheSessionEnded_whenLoggedInAgain_thenEveryMessageArrivesOnce() async throws {
        // Given a text whose event reached the server but whose answer was lost (the process killed), then the
        // session's token revoked (logged out elsewhere)
        let fixture = try await SendCommandFixture.make()
        fixture.relay.holdAnswers(toRequestsContaining: Self.sendMarker)
        try await Self.killWhenHeld(fixture, sending: ["--text", "sent once"])
        try await MatrixClient().logout(fixture.session)

        // When another message is sent
        let ended = try await fixture.send(["--text", "after the login"])

        // Then nothing is sent: both stay in the outbox, and the line says to log in again
        #expect(ended.status != 0)
        let output = String(decoding: ended.stdout, as: UTF8.self)
        #expect(output.hasPrefix("pending \(fixture.room) sent once: your session has ended: log in again with snapterm login"),
                "\(output)")
        #expect(!output.contains(fixture.session.accessToken) && !ended.stderr.contains(fixture.session.accessToken))
        #expect(try fixture.outbox().filter(\.isPending).map(\.body) == ["sent once", "after the login"])

        // When the user logs in again: the same device, a new token
        let session = try await fixture.logInAgain()
        #expect(session.deviceID == fixture.session.deviceID && session.accessToken != fixture.session.accessToken)
        let final = try await fixture.send([])

        // Then both are sent, and the peer has each once, in order (the lost answer's event is not doubled)
        #expect(final.status == 0, "\(final.stderr)")
        let events = try await fixture.peer.messages(in: fixture.room, atLeast: 2)
        #expect(events.compactMap { ($0["content"] as? [String: Any])?["body"] as? String } == ["sent once", "after the login"])
        #expect(try fixture.outbox().allSatisfy { $0.state == .sent })
    }

    /// Starts `snapterm send` with `arguments`, waits until the relay holds the step it was told to, kills the
    /// process there (SIGKILL) and lets the relay go on.
    private static func killWhenHeld(_ fixture: SendCommandFixture, sending arguments: [String]) async throws {
        let process = try fixture.start(arguments)
        let held = await eventually(timeout: .seconds(120)) { fixture.relay.heldCount >= 1 || !process.isRunning }
        #expect(held && process.isRunning, "\(fixture.backgroundOutput)")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        fixture.relay.release()
    }

    /// The room's only `m.image` as the peer sees it: its event id, URL and announced size.
    private static func onlyPicture(_ fixture: SendCommandFixture) async throws -> (eventID: String, url: String, width: Int, height: Int) {
        let events = try await fixture.peer.messages(in: fixture.room, atLeast: 1)
        #expect(events.count == 1, "\(events)")
        let event = try #require(events.first)
        let content = try #require(event["content"] as? [String: Any])
        let info = try #require(content["info"] as? [String: Any])
        #expect(content["msgtype"] as? String == "m.image")
        return (try #require(event["event_id"] as? String), try #require(content["url"] as? String),
                info["w"] as? Int ?? 0, info["h"] as? Int ?? 0)
    }

    /// The peer downloads `picture` (waiting for its bytes if they are still on their way) and it decodes at its size.
    private static func expectDownloads(_ picture: (eventID: String, url: String, width: Int, height: Int),
                                        fixture: SendCommandFixture) async throws {
        let file = fixture.home.appending("received.jpg")
        try await fixture.peer.download(picture.url, to: file)
        let info = try ImageProcessor().info(of: try Data(contentsOf: file))
        #expect((info.width, info.height) == (picture.width, picture.height))
    }
}
