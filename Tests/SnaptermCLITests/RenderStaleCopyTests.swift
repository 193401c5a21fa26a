// RenderStaleCopyTests: `render` of a cached web picture whose host takes no connection draws the cached copy
// without waiting for the connect timeout, and says on standard error that it drew a cached copy.
import Foundation
import TestSupport
import Testing

@Suite struct RenderStaleCopyTests {
    /// This suite's loopback address: the stopped server's port stays free for the silent listener.
    static let host = "127.0.0.79"

    @Test func aCachedPictureWhoseHostTakesNoConnectionIsDrawnAndSaidToBeACachedCopy() async throws {
        let folder = try TemporaryDirectory()
        let photo = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg"))
        // max-age=0 with a validator: cached, and stale at once
        let server = try await TestHTTPServer(routes: ["/p.jpg": .versioned(tag: "\"v1\"", body: photo, cacheControl: "max-age=0")],
                                              host: Self.host)
        let url = server.url("/p.jpg").absoluteString
        let arguments = ["render", "--format", "ascii", "--cols", "20", "--rows", "6", url]
        let environment = ["XDG_CACHE_HOME": folder.appending("cache").path]
        let first = try await CommandRunner.run(arguments, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        await server.stop()
        // Given the host's port now taking no connection (a dead network): connecting would wait 5 s
        let silent = try UnacceptingListener(host: Self.host, port: server.port)
        let start = ContinuousClock.now
        let second = try await CommandRunner.run(arguments, environment: environment)
        let took = ContinuousClock.now - start
        withExtendedLifetime(silent) {}
        // Then the cached copy is drawn, said to be one, and the command did not wait out the connect timeout
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
        #expect(second.stderr.contains("drew a cached copy of \(url)"), "\(second.stderr)")
        #expect(took < .seconds(4.5), "\(took)")
    }
}
