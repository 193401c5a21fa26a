// SendCommandRefusalTests: `snapterm send` against a scripted homeserver — a 429 past the patience leaves the photo
// pending with a sentence naming the wait, a 413 fails it for good with a sentence naming its size; the token is in
// no output.
import Foundation
import Matrix
import MessageStore
import TestSupport
import Testing

@Suite(.serialized) struct SendCommandRefusalTests {
    private let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")
    private let token = "syt_scripted_token_5d1e"

    private func environment(_ home: TemporaryDirectory, server: TestHTTPServer) throws -> [String: String] {
        let session = MatrixSession(homeserver: server.url("/"), userID: "@alice:localhost", deviceID: "DEV", accessToken: token)
        try AccountStore(folder: home.appending("data/snapterm")).add(session)
        return ["HOME": home.url.path, "XDG_DATA_HOME": home.appending("data").path, "XDG_CACHE_HOME": home.appending("cache").path]
    }

    private static func json(_ status: Int, _ text: String) -> TestRoute {
        .respond(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
    }

    @Test func a429PastThePatienceLeavesThePhotoPendingAndSaysHowLongToWait() async throws {
        let server = try await TestHTTPServer(routes: [
            "/_matrix/client/v1/media/config": Self.json(429, #"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":60000}"#),
        ])
        let home = try TemporaryDirectory()
        let output = try await CommandRunner.run(["send", "!room:localhost", "--photo", photo.path, "--retry-for", "1"],
                                                 environment: try environment(home, server: server))
        await server.stop()

        #expect(output.status != 0)
        #expect(String(decoding: output.stdout, as: UTF8.self)
            == "pending !room:localhost astronaut.jpg: the homeserver asks to wait 60 s before trying again\n", "\(output.stderr)")
        let store = try MessageStore(path: home.appending("data/snapterm/messages.sqlite").path)
        #expect(try store.pendingOutbox(account: "@alice:localhost").map(\.body) == ["astronaut.jpg"])
        #expect(!output.stderr.contains(token) && String(decoding: output.stdout, as: UTF8.self).contains(token) == false)
    }

    @Test func a413FailsThePhotoForGoodWithItsSize() async throws {
        let server = try await TestHTTPServer(routes: [
            "/_matrix/client/v1/media/config": Self.json(200, "{}"),
            "/_matrix/media/v1/create": Self.json(200, #"{"content_uri":"mxc://localhost/big1"}"#),
            "/_matrix/media/v3/upload/localhost/big1": Self.json(413, #"{"errcode":"M_TOO_LARGE","error":"Upload request body is too large"}"#),
        ])
        let home = try TemporaryDirectory()
        let output = try await CommandRunner.run(["send", "!room:localhost", "--photo", photo.path],
                                                 environment: try environment(home, server: server))
        await server.stop()

        #expect(output.status != 0)
        let line = String(decoding: output.stdout, as: UTF8.self)
        #expect(line.hasPrefix("failed !room:localhost astronaut.jpg: the file is "), "\(line) \(output.stderr)")
        #expect(line.hasSuffix(", more than the homeserver takes (it answered 413)\n"))
        let store = try MessageStore(path: home.appending("data/snapterm/messages.sqlite").path)
        #expect(try store.pendingOutbox(account: "@alice:localhost").isEmpty)
        #expect(try store.outbox(account: "@alice:localhost").map(\.state) == [.failed])
        #expect(server.requestCount("/_matrix/media/v3/upload/localhost/big1") == 1)
    }
}

extension SendCommandRefusalTests {
    @Test func aPhotoThatIsAFIFOIsRefusedAtOnceAndNothingIsQueued() async throws {
        let server = try await TestHTTPServer(routes: [:])
        let home = try TemporaryDirectory()
        let fifo = home.appending("photo.jpg")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let output = try await CommandRunner.run(["send", "!room:localhost", "--text", "caption", "--photo", fifo.path],
                                                 environment: try environment(home, server: server))
        await server.stop()

        #expect(output.status != 0)
        #expect(output.stderr.hasPrefix("snapterm: the photo \(fifo.path) cannot be read: "), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(server.requestTargets.isEmpty)
        let database = home.appending("data/snapterm/messages.sqlite").path
        #expect(try MessageStore(path: database).outbox(account: "@alice:localhost").isEmpty)
    }
}
