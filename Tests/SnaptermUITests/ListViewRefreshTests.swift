// ListViewRefreshTests: a stale picture on screen is marked, confirmed in place after a 304, and bound
// again only when a background revalidation brought other bytes.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite(.serialized) struct ListViewRefreshTests {
    @Test func aConfirmedPictureOnlyLosesItsMarkAndAChangedOneIsReplaced() async throws {
        let v1 = Data("picture one".utf8), v2 = Data("picture two".utf8)
        let server = try await TestHTTPServer(routes: ["/p": .versioned(tag: "\"1\"", body: v1, cacheControl: "max-age=60")])
        let moment = Locked(Date())
        var http = HTTPSchemeHandler.Configuration()
        http.now = { moment.withLock { $0 } }
        var configuration = SchemeLoaderConfiguration()
        configuration.now = http.now
        configuration.staleWhileRevalidate = 3600
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: http)], configuration: configuration)
        let url = server.url("/p")
        let list = ListView(loader: loader, rowCount: 1, visibleCount: 1) { _ in url }
        let cell = try #require(list.cell(forRow: 0))
        #expect(await UIFixtures.eventually { cell.content == .image(data: v1, source: .handler) })

        // Given the picture went stale, when its row is bound again
        moment.withLock { $0 += 120 }
        cell.reload()
        // Then the stale copy shows at once, marked, and after the server's 304 only the mark goes
        #expect(cell.isStale && cell.content == .image(data: v1, source: .memory))
        #expect(await UIFixtures.eventually { !cell.isStale })
        #expect(cell.content == .image(data: v1, source: .memory))
        #expect(server.conditionalRequestCount("/p") == 1)

        // Given the picture changed on the server and went stale again, when the row is bound again
        server.setRoute("/p", to: .versioned(tag: "\"2\"", body: v2, cacheControl: "max-age=60"))
        moment.withLock { $0 += 120 }
        cell.reload()
        // Then the old picture shows first, and the list replaces it with the new one by itself
        #expect(cell.content == .image(data: v1, source: .memory))
        #expect(await UIFixtures.eventually { if case .image(v2, _) = cell.content { true } else { false } })
        #expect(!cell.isStale)
        await loader.shutdown()
        await server.stop()
    }
}
