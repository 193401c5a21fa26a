// HomeserverDiscoveryTests: `/.well-known/matrix/client` against real servers — Synapse's own (it serves
// one for its public_baseurl) and a web server's pointing elsewhere — and a web server that is no homeserver.
import Foundation
import Matrix
import TestSupport
import Testing

@Suite struct HomeserverDiscoveryTests {
    @Test func givenSynapsesOwnWellKnown_whenDiscovering_thenItsBaseURLIsTheHomeserver() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let base = try await MatrixClient().discover(HomeserverAddress(homeserver.url.absoluteString))
        #expect(base == homeserver.url)
    }

    @Test func givenAWebServerPublishingTheHomeserver_whenDiscoveringIt_thenLoginWorksThroughIt() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let wellKnown = Data(#"{"m.homeserver": {"base_url": "\#(homeserver.url.absoluteString)/"}}"#.utf8)
        let web = try await TestHTTPServer(routes: ["/.well-known/matrix/client":
            .respond(headers: [("Content-Type", "application/json")], body: wellKnown)])
        let client = MatrixClient()
        do {
            let base = try await client.discover(HomeserverAddress(web.url("/").absoluteString))
            #expect(base == homeserver.url)
            let user = try await homeserver.registerUser("alice")
            let session = try await client.login(at: base, user: MatrixUserID(user.localpart), password: user.password)
            #expect(session.userID == user.userID)
            try await client.logout(session)
        } catch {
            await web.stop()
            throw error
        }
        await web.stop()
    }

    @Test func givenAWebServerThatIsNoHomeserver_whenDiscoveringIt_thenTheErrorSaysSo() async throws {
        let web = try await TestHTTPServer(routes: [:])
        let address = try HomeserverAddress(web.url("/").absoluteString)
        let error = await #expect(throws: MatrixError.self) { try await MatrixClient().discover(address) }
        await web.stop()
        #expect(error?.description == "\(address.origin.absoluteString) does not answer as a Matrix homeserver")
    }
}
