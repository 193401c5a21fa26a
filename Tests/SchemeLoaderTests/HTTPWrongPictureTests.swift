// HTTPWrongPictureTests: a URL is never answered with another resource — a path the client cannot send
// as written is refused, and a 206 to a request without Range is an error, nothing cached (issue 36).
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized) struct HTTPWrongPictureTests {
    private let picture = Data((0..<30_000).map { UInt8($0 % 251) })

    @Test(arguments: ["/named/%FF%FE.png", "/a%80.png"])
    func aPathWhosePercentEscapesAreNotUTF8IsRefusedNeverRequestedAsAnotherPath(path: String) async throws {
        // Given a server whose root is another picture
        let server = try await TestHTTPServer(routes: ["/": .respond(headers: [("Cache-Control", "max-age=3600")], body: picture)])
        let folder = try TemporaryDirectory()
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler()], configuration: SchemeLoaderConfiguration(diskDirectory: folder.url))
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)\(path)"))
        // When the URL is loaded
        await #expect(throws: LoadError.unsendablePath(url: url.absoluteString)) { try await loader.data(for: url) }
        await loader.shutdown()
        // Then no request reached the server (never `GET /`), and nothing is cached under the URL
        #expect(server.requestTargets.isEmpty)
        #expect(await loader.diskCache?.usage.count == 0)
        #expect("\(LoadError.unsendablePath(url: url.absoluteString))".contains("not UTF-8"))
        await server.stop()
    }

    @Test func aPathWithUTF8EscapesIsSentByteForByteAsWritten() async throws {
        let server = try await TestHTTPServer(routes: ["/caf%C3%A9%20x.png": .respond(body: picture)])
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler()])
        _ = try await loader.data(for: server.url("/caf%C3%A9%20x.png?q=%FF"))
        await loader.shutdown()
        #expect(server.requestTargets == ["/caf%C3%A9%20x.png?q=%FF"])
        await server.stop()
    }

    @Test func anUnrequestedPartialContentIsAnErrorAndNothingIsCached() async throws {
        // Given a server answering a plain GET with a third of the picture as 206
        let third = picture.prefix(10_000)
        let server = try await TestHTTPServer(routes: ["/photo.jpg": .respond(
            status: 206, headers: [("Content-Range", "bytes 0-9999/30000"), ("Content-Type", "image/jpeg"),
                                   ("Cache-Control", "max-age=3600")], body: Data(third))])
        let folder = try TemporaryDirectory()
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler()], configuration: SchemeLoaderConfiguration(diskDirectory: folder.url))
        let url = server.url("/photo.jpg")
        // When it is loaded, then it fails with a typed error naming the cause
        await #expect(throws: LoadError.unrequestedPartialContent(url: url.absoluteString)) { try await loader.data(for: url) }
        await loader.waitForPendingWrites()
        // and nothing is cached: not in memory, not on disk, not served offline
        #expect(loader.cachedResult(for: url) == nil)
        #expect(await loader.diskCache?.usage.count == 0)
        await #expect(throws: LoadError.notCached(url: url.absoluteString)) { try await loader.data(for: url, cachePolicy: .cacheOnly) }
        await loader.shutdown()
        await server.stop()
    }
}
