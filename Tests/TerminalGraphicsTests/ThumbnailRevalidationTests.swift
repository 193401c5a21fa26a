// ThumbnailRevalidationTests: a stale thumbnail of a web picture is shown at once; its background
// revalidation revalidates the picture and re-encodes only when the picture's bytes changed.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite(.serialized) struct ThumbnailRevalidationTests {
    private final class Counter: Sendable {
        private let value = Locked(0)
        func add() { value.withLock { $0 += 1 } }
        var count: Int { value.withLock { $0 } }
    }

    private final class Refreshes: Sendable {
        let changes = Locked<[Bool]>([])
    }

    @Test func aConfirmedPictureKeepsItsThumbnailAndAChangedOneIsEncodedAgain() async throws {
        let first = try await OffPool.run { try ImageProcessor().encode(TestImages.card(width: 60, height: 40), as: .png) }
        let second = try await OffPool.run { try ImageProcessor().encode(TestImages.card(width: 40, height: 60), as: .png) }
        let server = try await TestHTTPServer(routes: ["/p.png": .versioned(tag: "\"1\"", body: first, cacheControl: "max-age=60")])
        let moment = Locked(Date())
        var http = HTTPSchemeHandler.Configuration()
        http.now = { moment.withLock { $0 } }
        let encodes = Counter()
        var configuration = SchemeLoaderConfiguration()
        configuration.now = http.now
        configuration.staleWhileRevalidate = 3600
        configuration.staleWhileRevalidateSchemes = [ThumbnailURL.scheme]  // as the app: the picture is revalidated first
        let thumbnails = try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: http),
                                                     ThumbnailSchemeHandler(observer: { _ in encodes.add() })],
                                          configuration: configuration)
        let refreshes = Refreshes()
        thumbnails.addRefreshObserver { _, changed in refreshes.changes.withLock { $0.append(changed) } }
        let url = ThumbnailURL(source: server.url("/p.png"), box: ThumbnailBox(columns: 10, rows: 4, mode: .symbols)).url
        let original = try await thumbnails.data(for: url)

        // Given both copies went stale, the picture unchanged on the server
        moment.withLock { $0 += 120 }
        // When the thumbnail is shown again
        let stale = try #require(thumbnails.cachedResult(for: url))
        // Then the stale thumbnail shows at once; the background revalidation asks the server once (304)
        // and keeps the thumbnail without encoding it again
        #expect(stale.isStale && stale.data == original.data)
        #expect(await eventually { refreshes.changes.withLock { $0 } == [false] })
        #expect(server.conditionalRequestCount("/p.png") == 1 && encodes.count == 1)

        // When the picture changes and the copies go stale again
        server.setRoute("/p.png", to: .versioned(tag: "\"2\"", body: second, cacheControl: "max-age=60"))
        moment.withLock { $0 += 120 }
        _ = try #require(thumbnails.cachedResult(for: url))
        // Then the thumbnail is encoded again from the new picture, and its observers hear of a change
        #expect(await eventually { refreshes.changes.withLock { $0 } == [false, true] })
        #expect(encodes.count == 2)
        #expect(try await thumbnails.data(for: url).data != original.data)
        await thumbnails.shutdown()
        await server.stop()
    }
}
