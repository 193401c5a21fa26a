// E2EFixture+Matrix: the start every Matrix end-to-end test shares — a room between two fresh users of the test
// homeserver, with alice logged in for this run's Snapterm.
import Foundation
import TestSupport

extension E2EFixture {
    /// A room named `name` that bob (the matrix-nio peer) made, inviting alice — joined by her first when `joined`
    /// (else Snapterm shows the invitation) —, and alice logged in with this fixture's data folder.
    func matrixRoom(named name: String, joined: Bool = false) async throws -> SharedTestRoom {
        let homeserver = try TestHomeserver.fromEnvironment()
        let shared = try await homeserver.sharedRoom(named: name, joined: joined)
        let login = try await CommandRunner.run(["login", homeserver.url.absoluteString, shared.alice.localpart, "--password-stdin"],
                                                environment: ["XDG_DATA_HOME": folder.appending("data").path],
                                                input: Data((shared.alice.password + "\n").utf8))
        guard login.status == 0 else { throw TestHomeserverError(description: "snapterm login failed: \(login.stderr)") }
        return shared
    }
}
