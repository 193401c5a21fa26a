// DeterminismTests: the same URL renders to the same bytes, cold or warm, through the handler or not.
import Foundation
import MapSnapshots
import SchemeLoader
import Testing

@Suite struct DeterminismTests {
    @Test("Given one URL, when rendered twice (cache emptied between), then the PNG bytes are identical")
    func sameBytes() async throws {
        let snapshotter = try MapSnapshotter(tilesFiles: [MapTestFiles.world, MapTestFiles.helsinki])
        for url in [try mapURL(59.9356, 30.3259, zoom: 10, pin: true), try mapURL(60.1705, 24.944, zoom: 15, style: .dark)] {
            let first = try await snapshotter.pngData(for: url)
            snapshotter.emptyCache()
            let second = try await snapshotter.pngData(for: url)
            let third = try await snapshotter.pngData(for: url)
            #expect(first == second)
            #expect(second == third)
            #expect(first.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test("Given the handler, when it loads a URL, then it answers image/png with the renderer's bytes")
    func handlerBytes() async throws {
        let handler = MapSchemeHandler(tilesFiles: [MapTestFiles.world, MapTestFiles.helsinki])
        let raw = try #require(URL(string: "map://?longitude=30.325935&latitude=59.935634"))
        let canonical = try handler.canonicalURL(for: raw)
        #expect(handler.canHandle(raw))
        let loader = try SchemeLoader(handlers: [handler])
        loader.isCachingEnabled = false
        let first = try await loader.data(for: canonical)
        let second = try await loader.data(for: raw)
        #expect(first.response.mimeType == "image/png")
        #expect(first.response.storagePolicy == .allowed)
        #expect(first.data == second.data)
        let direct = try await MapTestFiles.snapshotter.pngData(for: MapSnapshotURL(url: canonical))
        #expect(first.data == direct)
    }
}
