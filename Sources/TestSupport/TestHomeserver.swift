// TestHomeserver: the real Synapse that scripts/test (or scripts/matrix/homeserver start) runs for the
// Matrix tests, read from the environment; each test registers fresh users of its own on it.
import Foundation

/// Why the test homeserver cannot be used.
public struct TestHomeserverError: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    public let description: String

    /// An error saying `description`.
    public init(description: String) {
        self.description = description
    }
}

/// A user registered on the test homeserver for one test.
public struct TestMatrixUser: Sendable {
    /// The localpart, unique per test run (`alice-1a2b3c4d`).
    public let localpart: String
    /// `@localpart:localhost`.
    public let userID: String
    /// A random password, known to the test alone.
    public let password: String
}

/// The running test homeserver: `$SNAPTERM_TEST_HOMESERVER` (its URL),
/// `$SNAPTERM_TEST_HOMESERVER_SECRET` (its registration shared secret) and `$SNAPTERM_TEST_MATRIX_PYTHON`.
public struct TestHomeserver: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let url: URL
    /// The registration shared secret.
    let secret: String
    /// The virtual environment's python (Synapse and matrix-nio).
    public let python: String

    /// What a developer does when the variables are missing.
    public static let howToStart = """
        no test homeserver: run ./scripts/test (it starts one), or start one by hand with \
        eval "$(scripts/matrix/homeserver start)" and run swift test in that shell; \
        scripts/matrix/homeserver stop ends it
        """

    /// The homeserver the environment names, or an error saying how to start one.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> TestHomeserver {
        guard let text = environment["SNAPTERM_TEST_HOMESERVER"], let url = URL(string: text),
              let secret = environment["SNAPTERM_TEST_HOMESERVER_SECRET"], !secret.isEmpty
        else { throw TestHomeserverError(description: howToStart) }
        let python = environment["SNAPTERM_TEST_MATRIX_PYTHON"]
            ?? CommandRunner.repositoryRoot.appendingPathComponent(".build-matrix/venv/bin/python").path
        return TestHomeserver(url: url, secret: secret, python: python)
    }

    /// Registers a new user named `prefix-RANDOM` with a random password (shared-secret registration).
    public func registerUser(_ prefix: String = "user") async throws -> TestMatrixUser {
        let localpart = "\(prefix)-\(UUID().uuidString.prefix(8).lowercased())"
        let password = "pw-\(UUID().uuidString)"
        let output = try await OffPool.run { [self] in
            try MatrixScript.run(python: python, "register.py", [url.absoluteString, localpart],
                                 environment: ["REGISTRATION_SHARED_SECRET": secret, "USER_PASSWORD": password],
                                 timeout: .seconds(60))
        }
        guard output.status == 0 else {
            throw TestHomeserverError(description: "registering \(localpart) failed (\(output.status)): \(output.stderr)")
        }
        return TestMatrixUser(localpart: localpart, userID: "@\(localpart):localhost", password: password)
    }
}

extension TestHomeserver {
    /// A picture another person (a fresh matrix-nio user) uploaded into a room of their own, and a fresh user to
    /// read it: the `mxc://` URL and the reader.
    public func pictureSentByAPeer(_ file: URL) async throws -> (mxc: String, reader: TestMatrixUser) {
        let sender = try await registerUser("bob")
        let reader = try await registerUser("alice")
        let peer = MatrixPeer(homeserver: self, user: sender)
        let room = try await peer.createRoom(inviting: [])
        return (try await peer.sendImage(file, to: room).url, reader)
    }
}
