// TileArchiveOpenerTests: a tiles location is opened by what its bytes are, not its name; anything
// else is one typed error; an http(s) archive goes through the range-source hook or is refused.
import Foundation
import MapSnapshots
import SchemeLoader
import TestSupport
import Testing

@Suite struct TileArchiveOpenerTests {
    @Test("Given a PMTiles archive named .mbtiles and an MBTiles named .pmtiles, then each opens as what it is")
    func formatFromContent() async throws {
        let folder = try TemporaryDirectory()
        let disguisedPMTiles = folder.appending("streets.mbtiles")
        let disguisedMBTiles = folder.appending("streets.pmtiles")
        try FileManager.default.copyItem(at: PMTilesFixture.helsinki, to: disguisedPMTiles)
        try FileManager.default.copyItem(at: MapTestFiles.helsinki, to: disguisedMBTiles)
        let opener = TileArchiveOpener()
        #expect(try await opener.open(disguisedPMTiles) is PMTilesArchive)
        #expect(try await opener.open(disguisedMBTiles) is MBTilesFile)
        #expect(try TileArchiveOpener.format(ofFileAt: disguisedPMTiles.path) == .pmtiles)
    }

    @Test("Given no file, a directory, a FIFO, a text file or a PMTiles v2 archive, then each is one typed error")
    func notArchives() async throws {
        let folder = try TemporaryDirectory()
        let text = folder.appending("notes.pmtiles")
        try Data("just some words\n".utf8).write(to: text)
        let version2 = folder.appending("old.pmtiles")
        try Data([0x50, 0x4D, 0x02, 0x00] + [UInt8](repeating: 0, count: 100)).write(to: version2)
        let fifo = folder.appending("pipe.pmtiles")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let opener = TileArchiveOpener()
        await #expect(throws: MapSnapshotError.tilesFileMissing(path: folder.appending("absent.pmtiles").path)) {
            _ = try await opener.open(folder.appending("absent.pmtiles"))
        }
        for url in [folder.url, fifo, text] {
            do {
                _ = try await opener.open(url)
                Issue.record("\(url.path) was opened")
            } catch let error as MapSnapshotError {
                guard case .tilesFileDamaged(let path, let reason) = error else { Issue.record("\(error)"); continue }
                #expect(path == url.path)
                #expect(!reason.isEmpty)
            }
        }
        await #expect(throws: MapSnapshotError.archiveDamaged(name: version2.path, problem: .unsupportedVersion(2))) {
            _ = try await opener.open(version2)
        }
    }

    @Test("Given an http(s) archive and no range source, then the error says remote archives need one")
    func remoteWithoutRangeSource() async throws {
        let url = try #require(URL(string: "https://tiles.example/planet.pmtiles"))
        await #expect(throws: MapSnapshotError.remoteArchiveUnsupported(url: url.absoluteString)) {
            _ = try await TileArchiveOpener().open(url)
        }
        #expect(MapSnapshotError.remoteArchiveUnsupported(url: url.absoluteString).description.contains("remote tile archives need"))
    }

    @Test("Given an http(s) archive and a range source for it, then it opens through that source")
    func remoteThroughRangeSource() async throws {
        let url = try #require(URL(string: "http://127.0.0.1:9/helsinki.pmtiles"))
        let opener = TileArchiveOpener { asked in
            #expect(asked == url)
            return try FileRangeSource(path: PMTilesFixture.helsinki.path)
        }
        let archive = try await opener.open(url)
        #expect(archive.role == .overlay)
        #expect(archive.zoomRange == 12...15)
    }
}
