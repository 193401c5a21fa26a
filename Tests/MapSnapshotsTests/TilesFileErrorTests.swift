// TilesFileErrorTests: a missing or damaged tiles file is a typed, readable error — never a crash.
import Foundation
import MapSnapshots
import SchemeLoader
import TestSupport
import Testing

@Suite struct TilesFileErrorTests {
    @Test("Given a path with no file, then opening it throws tilesFileMissing naming the path")
    func missingFile() throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("nowhere.mbtiles")
        #expect(throws: MapSnapshotError.tilesFileMissing(path: path.path)) { try MapSnapshotter(tilesFiles: [path]) }
        #expect(MapSnapshotError.tilesFileMissing(path: path.path).description.contains("nowhere.mbtiles"))
    }

    @Test("Given a file of garbage or an empty file, then opening it throws tilesFileDamaged", arguments: [
        Data("this is not a database at all, just some text that is long enough".utf8), Data(), Data(repeating: 0xFF, count: 8192),
    ])
    func damagedFile(contents: Data) throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("damaged-\(contents.count).mbtiles")
        try contents.write(to: path)
        do {
            _ = try MapSnapshotter(tilesFiles: [path])
            Issue.record("a damaged file was accepted")
        } catch {
            guard case .tilesFileDamaged(let reported, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reported == path.path)
            #expect(!reason.isEmpty)
            #expect(error.description.contains("damaged"))
        }
    }

    @Test("Given a truncated copy of the world file, then opening or rendering throws a typed error, not a crash")
    func truncatedFile() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("truncated.mbtiles")
        let whole = try Data(contentsOf: MapTestFiles.world)
        try whole.prefix(whole.count / 3).write(to: path)
        do {
            let snapshotter = try MapSnapshotter(tilesFiles: [path])
            for (lat, lon) in [(59.9, 30.3), (-33.9, 151.2), (40.7, -74.0)] {
                _ = try await snapshotter.pngData(for: try mapURL(lat, lon, zoom: 8))
            }
        } catch let error as MapSnapshotError {
            #expect(!error.description.isEmpty)
        }
    }

    @Test("Given the handler and a missing file, when loading, then the error is a MapSnapshotError")
    func handlerMissingFile() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("absent.mbtiles")
        let loader = try SchemeLoader(handlers: [MapSchemeHandler(tilesFiles: [path])])
        let url = try #require(URL(string: "map://?latitude=60&longitude=30"))
        await #expect(throws: MapSnapshotError.tilesFileMissing(path: path.path)) { _ = try await loader.data(for: url) }
    }

    @Test("Given no files at all, then the snapshotter throws noTilesFiles")
    func noFiles() {
        #expect(throws: MapSnapshotError.noTilesFiles) { try MapSnapshotter(tilesFiles: []) }
    }
}
