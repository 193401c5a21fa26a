// ConcurrentWebCommandsTests: `fetch` and `render` of many web URLs overlap their downloads (within the per-host
// limit: 16 HTTP/1.1 connections for a command) and still print in the order given; a failed one does not stop the others.
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct ConcurrentWebCommandsTests {
    @Test func fetchOverlapsTheDownloadsAndWritesThemInOrder() async throws {
        let folder = try TemporaryDirectory()
        let bodies = (0..<12).map { Data("picture \($0)\n".utf8) }
        var routes = Dictionary(uniqueKeysWithValues: bodies.enumerated().map { ("/p\($0.offset)", TestRoute.respond(body: $0.element)) })
        routes["/gone"] = .respond(status: 404)
        let server = try await TestHTTPServer(routes: routes, latency: .milliseconds(150))
        let urls = (0..<6).map { server.url("/p\($0)").absoluteString } + [server.url("/gone").absoluteString]
            + (6..<12).map { server.url("/p\($0)").absoluteString }
        // When twelve pictures and one missing one are fetched in one call
        let output = try await CommandRunner.run(["fetch"] + urls, environment: ["XDG_CACHE_HOME": folder.appending("cache").path])
        // Then the downloads overlapped, the bytes came out in the order given, and the missing one is named
        #expect(server.peakRequestsInFlight > 1)
        #expect(output.stdout == bodies.reduce(Data(), +))
        #expect(output.status != 0 && output.stderr.contains("HTTP 404"))
        await server.stop()
    }

    @Test func renderOverlapsTheDownloadsOfItsPictures() async throws {
        let folder = try TemporaryDirectory()
        let photo = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg"))
        let routes = Dictionary(uniqueKeysWithValues: (0..<10).map { ("/p\($0).jpg", TestRoute.respond(
            headers: [("Content-Type", "image/jpeg")], body: photo + Data([UInt8($0)]))) })
        let server = try await TestHTTPServer(routes: routes, latency: .milliseconds(150))
        let urls = (0..<10).map { server.url("/p\($0).jpg").absoluteString }
        let output = try await CommandRunner.run(["render", "--format", "ascii", "--cols", "20", "--rows", "6"] + urls,
                                                 environment: ["XDG_CACHE_HOME": folder.appending("cache").path])
        #expect(output.status == 0, "\(output.stderr)")
        // More than the two CPU slots' worth of downloads were in flight at once: a thumbnail waits without a slot
        #expect(server.peakRequestsInFlight > 2)
        #expect(String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").count >= 10)
        await server.stop()
    }

    @Test func aCommandAsksOneHostForSixteenPicturesAtOnceAndNoMore() async throws {
        // Given a server that answers none of twenty pictures
        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer(routes: Dictionary(uniqueKeysWithValues: (0..<20).map { ("/p\($0)", TestRoute.silent) }))
        let urls = (0..<20).map { server.url("/p\($0)").absoluteString }
        // When `fetch` asks for all twenty
        let fetching = Task { try await CommandRunner.run(["fetch"] + urls, environment: ["XDG_CACHE_HOME": folder.appending("cache").path]) }
        // Then sixteen requests are in flight at once (a list's limit is 8), and never more
        #expect(await eventually { server.peakRequestsInFlight >= 16 }, "only \(server.peakRequestsInFlight) at once")
        #expect(server.peakRequestsInFlight == 16)
        // and once the server is gone the command ends, naming the failure
        await server.stop()
        let output = try await fetching.value
        #expect(output.status != 0 && !output.stderr.isEmpty)
    }
}
