// StaleBadgeTests: a picture served stale because its server is gone carries the "old" badge, badges on or off.
import Foundation
import SchemeLoader
@testable import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite(.serialized) struct StaleBadgeTests {
    @Test func aStaleCopyFromAServerThatIsGoneIsMarkedOld() async throws {
        let folder = try TemporaryDirectory()
        let body = Data("picture".utf8)
        let server = try await TestHTTPServer(routes: ["/p": .respond(headers: [("Cache-Control", "max-age=1")], body: body)])
        let url = server.url("/p")
        let online = try SchemeLoader(handlers: [HTTPSchemeHandler()], configuration: SchemeLoaderConfiguration(diskDirectory: folder.url))
        _ = try await online.data(for: url)
        await online.shutdown()
        await server.stop()
        // Given a loader an hour later, with the server gone
        var configuration = SchemeLoaderConfiguration(diskDirectory: folder.url)
        configuration.now = { Date().addingTimeInterval(3600) }
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler()], configuration: configuration)
        // When a cell shows the picture
        let cell = ImageCell(loader: loader, diskReadLimit: 0)
        var markedWhenDrawn: [Bool] = []
        cell.onChange = { if case .image = $0.content { markedWhenDrawn.append($0.isStale) } }
        cell.show(url)
        #expect(await UIFixtures.eventually { if case .image = cell.content { true } else { false } })
        // Then it shows the cached copy, marked stale — already when the picture's change asks for a frame —,
        // with the badge whether source badges are on or not
        #expect(cell.isStale)
        #expect(markedWhenDrawn.first == true)
        #expect(cell.badge(showingSource: false) == "old")
        #expect(cell.badge(showingSource: true) == "D old")
        // and a fresh picture has no badge unless asked for
        cell.confirmFresh()
        #expect(cell.badge(showingSource: false) == nil)
        await loader.shutdown()
    }
}
