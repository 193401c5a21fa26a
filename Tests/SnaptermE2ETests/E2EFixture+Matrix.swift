// E2EFixture+Matrix: the start every Matrix end-to-end test shares — a room between two fresh users of the test
// homeserver, with alice logged in for this run's Snapterm (straight to the homeserver, or through a relay a test
// can cut, hold or open again).
import Foundation
import Matrix
import TestSupport

extension E2EFixture {
    /// A room named `name` that bob (the matrix-nio peer) made, inviting alice — joined by her first when `joined`
    /// (else Snapterm shows the invitation) —, and alice logged in with this fixture's data folder, through `relay`
    /// when one is given (her session then names the relay, not the homeserver).
    func matrixRoom(named name: String, joined: Bool = false, through relay: LoopbackRelay? = nil) async throws -> SharedTestRoom {
        let homeserver = try TestHomeserver.fromEnvironment()
        let shared = try await homeserver.sharedRoom(named: name, joined: joined)
        let address = relay?.url ?? homeserver.url
        let login = try await CommandRunner.run(["login", address.absoluteString, shared.alice.localpart, "--password-stdin"],
                                                environment: ["XDG_DATA_HOME": folder.appending("data").path],
                                                input: Data((shared.alice.password + "\n").utf8))
        guard login.status == 0 else { throw TestHomeserverError(description: "snapterm login failed: \(login.stderr)") }
        if let relay {
            // The server's .well-known names its own address: the session is pointed back at the relay.
            let accounts = AccountStore(folder: folder.appending("data/snapterm"))
            try accounts.save(try accounts.load().map { session in
                var session = session
                session.homeserver = relay.url
                return session
            })
        }
        return shared
    }
}
