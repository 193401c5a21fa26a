// ArchiveChangedTests: a remote archive that changes on its server mid-session (its range source throws
// LoadError.archiveChanged) is opened again from a new source, once — the map still draws, from the
// new version's directories; a source that keeps failing so is a typed error, not a loop.
import Foundation
import MapSnapshots
import SchemeLoader
import TestSupport
import Testing

@Suite struct ArchiveChangedTests {
    /// A source whose tile reads say the archive changed, until `changed` is false.
    final class ChangingSource: ByteRangeSource {
        let base: FileRangeSource
        let tileDataOffset: UInt64
        let changed: Bool
        var name: String { base.name }

        init(base: FileRangeSource, tileDataOffset: UInt64, changed: Bool) {
            self.base = base
            self.tileDataOffset = tileDataOffset
            self.changed = changed
        }

        func bytes(at offset: UInt64, length: Int) async throws -> Data {
            if changed, offset >= tileDataOffset { throw LoadError.archiveChanged(url: name) }
            return try await base.bytes(at: offset, length: length)
        }
    }

    private func handler(failingSources: Int) async throws -> (MapSchemeHandler, Locked<Int>) {
        let file = try FileRangeSource(path: PMTilesFixture.helsinki.path)
        let tileData = try await PMTilesReader.open(file).header.tileData.offset
        let made = Locked(0)
        let url = try #require(URL(string: "http://127.0.0.1:9/changing-\(UUID().uuidString).pmtiles"))
        let opener = TileArchiveOpener { _ in
            let index = made.withLock { count in
                count += 1
                return count
            }
            return ChangingSource(base: file, tileDataOffset: tileData, changed: index <= failingSources)
        }
        return (MapSchemeHandler(tilesFiles: [url], opener: opener), made)
    }

    @Test("Given an archive that changes after it was opened, when a map is loaded, then it is opened again once and drawn")
    func reopenedOnce() async throws {
        let (handler, made) = try await handler(failingSources: 1)
        let loader = try SchemeLoader(handlers: [handler])
        let result = try await loader.data(for: mapURL(60.1705, 24.944, zoom: 15).url)
        #expect(!result.data.isEmpty)
        #expect(made.withLock { $0 } == 2, "one new source after the change")
        await loader.shutdown()
    }

    @Test("Given an archive that keeps changing, when a map is loaded, then the error says so after one retry")
    func keepsChanging() async throws {
        let (handler, made) = try await handler(failingSources: .max)
        let loader = try SchemeLoader(handlers: [handler])
        await #expect(throws: MapSnapshotError.self) { _ = try await loader.data(for: mapURL(60.1705, 24.944, zoom: 15).url) }
        #expect(made.withLock { $0 } == 2)
        await loader.shutdown()
    }
}
