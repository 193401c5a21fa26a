// SendCommandFixture: what the `snapterm send` tests share — a room of a matrix-nio peer that our user joined, our
// user logged in with `snapterm login` (through a relay the test can cut), and `snapterm send` run in the background.
import Foundation
import Matrix
import MessageStore
import TestSupport

/// A logged-in snapterm user in a room with a peer.
struct SendCommandFixture {
    let home: TemporaryDirectory
    let homeserver: TestHomeserver
    let relay: LoopbackRelay
    let peer: MatrixPeer
    let room: String
    let session: MatrixSession
    /// Our user (the one `snapterm` is logged in as).
    let user: TestMatrixUser

    var environment: [String: String] {
        ["HOME": home.url.path, "XDG_DATA_HOME": home.appending("data").path, "XDG_CACHE_HOME": home.appending("cache").path,
         "TERM": "xterm-256color"]
    }

    /// The message database the command writes.
    var database: String { home.appending("data/snapterm/messages.sqlite").path }

    /// Registers a peer and our user, makes the room, joins it, and logs in through a relay to the homeserver.
    static func make() async throws -> SendCommandFixture {
        let homeserver = try TestHomeserver.fromEnvironment()
        let bob = try await homeserver.registerUser("bob")
        let alice = try await homeserver.registerUser("alice")
        let peer = MatrixPeer(homeserver: homeserver, user: bob)
        let room = try await peer.createRoom(inviting: [alice.userID])
        _ = try await MatrixPeer(homeserver: homeserver, user: alice).acceptInvites()
        let home = try TemporaryDirectory()
        let relay = try LoopbackRelay(to: homeserver.url)
        let session = try await login(alice, as: alice.localpart, home: home, relay: relay)
        // The database made (migrated) here, before the test reads it while a command runs: two processes creating
        // it at once race in the migrations.
        _ = try MessageStore(path: home.appending("data/snapterm/messages.sqlite").path)
        return SendCommandFixture(home: home, homeserver: homeserver, relay: relay, peer: peer, room: room, session: session,
                                  user: alice)
    }

    /// `snapterm login` through the relay as `name`; the kept session (the only one) is returned.
    private static func login(_ user: TestMatrixUser, as name: String, home: TemporaryDirectory,
                              relay: LoopbackRelay) async throws -> MatrixSession {
        let variables = ["HOME": home.url.path, "XDG_DATA_HOME": home.appending("data").path]
        let login = try await CommandRunner.run(["login", relay.url.absoluteString, name, "--password-stdin"],
                                                environment: variables, input: Data((user.password + "\n").utf8))
        let accounts = AccountStore(folder: home.appending("data/snapterm"))
        // The newest session of the user is the last one kept.
        guard login.status == 0, var session = try accounts.load().last else {
            throw TestHomeserverError(description: "snapterm login failed: \(login.stderr)")
        }
        // The server's .well-known names its own address: the session is pointed back at the relay.
        session.homeserver = relay.url
        try accounts.save([session])
        return session
    }

    /// `snapterm login` again, with the full user id, as after an ended session; returns the new session.
    func logInAgain() async throws -> MatrixSession {
        try await Self.login(user, as: user.userID, home: home, relay: relay)
    }

    /// Runs `snapterm send ROOM arguments…` and waits for it.
    func send(_ arguments: [String]) async throws -> CommandOutput {
        try await CommandRunner.run(["send", room] + arguments, environment: environment)
    }

    /// Starts `snapterm send ROOM arguments…` without waiting; its output goes to files in the home folder.
    func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["send", room] + arguments
        process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { _, new in new }
        FileManager.default.createFile(atPath: home.appending("send.out").path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: home.appending("send.out"))
        process.standardError = process.standardOutput
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// What the background command printed.
    var backgroundOutput: String { (try? String(contentsOf: home.appending("send.out"), encoding: .utf8)) ?? "" }

    /// The outbox as the command left it (read through a store of the test's own).
    func outbox() throws -> [OutboxEntry] {
        return try MessageStore(path: database).outbox(account: session.userID)
    }
}
