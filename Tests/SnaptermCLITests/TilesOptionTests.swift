// `--tiles PATH` and SNAPTERM_TILES: maps drawn from the archives named (MBTiles or PMTiles, told apart by
// content) instead of the shipped ones; a bad archive is one sentence on standard error and exit 1.
import Foundation
import TestSupport
import Testing

@Suite struct TilesOptionTests {
    static let map = "map://?latitude=60.1705&longitude=24.944&zoom=15&width=96&height=64"
    static let assets = CommandRunner.repositoryRoot.appendingPathComponent("assets/maps")

    /// The PNG `snapterm fetch` writes for `map` with `arguments` and `environment` (caches in `folder/name`).
    private func fetchMap(_ arguments: [String], environment: [String: String] = [:], in folder: TemporaryDirectory,
                          name: String) async throws -> Data {
        let file = folder.appending("\(name).png")
        let output = try await CommandRunner.run(["fetch", "-o", file.path] + arguments + [Self.map],
                                                 environment: environment.merging(["XDG_CACHE_HOME": folder.appending(name).path]) { $1 })
        #expect(output.status == 0, "\(name): \(output.stderr)")
        return try Data(contentsOf: file)
    }

    @Test("Given --tiles or SNAPTERM_TILES, then the map is drawn from those archives alone, whatever their format")
    func tilesReplaceTheShippedArchives() async throws {
        let folder = try TemporaryDirectory()
        let helsinkiPM = PMTilesFixture.helsinki.path
        let helsinkiMB = Self.assets.appendingPathComponent("helsinki.mbtiles").path
        let world = Self.assets.appendingPathComponent("world.mbtiles").path

        let shipped = try await fetchMap([], in: folder, name: "shipped")
        let streetsPM = try await fetchMap(["--tiles", helsinkiPM], in: folder, name: "streets-pmtiles")
        let streetsMB = try await fetchMap(["--tiles", helsinkiMB], in: folder, name: "streets-mbtiles")
        let fromVariable = try await fetchMap([], environment: ["SNAPTERM_TILES": helsinkiPM], in: folder, name: "variable")
        let commaList = try await fetchMap(["--tiles", "\(world),\(helsinkiPM)"], in: folder, name: "comma-list")
        let repeated = try await fetchMap(["--tiles", world, "--tiles", helsinkiPM], in: folder, name: "repeated")

        #expect(streetsPM == streetsMB, "the same archive as PMTiles and as MBTiles draws the same map")
        #expect(streetsPM != shipped, "the streets alone have no world under them")
        #expect(fromVariable == streetsPM)
        #expect(commaList == shipped, "the world and the streets, one of them PMTiles, are the shipped map")
        #expect(repeated == shipped)
    }

    @Test("Given one cache folder, when the map is fetched with other --tiles, then it is drawn anew, not the cached picture")
    func cachedMapsFollowTheTiles() async throws {
        let folder = try TemporaryDirectory()
        let shared = ["XDG_CACHE_HOME": folder.appending("cache").path]
        let first = try await CommandRunner.run(["fetch", "-o", folder.appending("a.png").path, Self.map], environment: shared)
        let second = try await CommandRunner.run(["fetch", "-o", folder.appending("b.png").path, "--tiles", PMTilesFixture.helsinki.path, Self.map],
                                                 environment: shared)
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        #expect(try Data(contentsOf: folder.appending("a.png")) != Data(contentsOf: folder.appending("b.png")))
    }

    @Test("Given --tiles with an http URL of a PMTiles archive, then the map is read by range requests and is the same as from the file")
    func remoteArchive() async throws {
        let folder = try TemporaryDirectory()
        let archive = try TestArchive(.file(path: PMTilesFixture.helsinki.path))
        let server = try await TestHTTPServer(routes: ["/helsinki.pmtiles": .archive(archive)])
        let remote = try await fetchMap(["--tiles", server.url("/helsinki.pmtiles").absoluteString], in: folder, name: "remote")
        let local = try await fetchMap(["--tiles", PMTilesFixture.helsinki.path], in: folder, name: "local")
        await server.stop()
        #expect(remote == local)
        #expect(archive.requests.contains { $0.status == 206 }, "range requests: \(archive.requests)")
    }

    @Test("Given a map cached from a remote archive, when the archive changes on its server, then the map is drawn from the new version")
    func aMapFromAChangedRemoteArchiveIsNotTheCachedOne() async throws {
        // Given a map fetched from an archive at version "v1", revalidated on every use
        let folder = try TemporaryDirectory()
        let archive = try TestArchive(.file(path: PMTilesFixture.helsinki.path), tag: "\"v1\"", cacheControl: "no-cache")
        let server = try await TestHTTPServer(routes: ["/helsinki.pmtiles": .archive(archive)])
        let tiles = ["--tiles", server.url("/helsinki.pmtiles").absoluteString]
        _ = try await fetchMap(tiles, in: folder, name: "cache")
        let firstTileRanges = archive.requests.filter { $0.ifRange == "\"v1\"" }.count
        #expect(firstTileRanges > 0, "\(archive.requests)")

        // When the archive is replaced by version "v2" and the map is fetched again with the same cache
        try archive.replace(with: .file(path: PMTilesFixture.helsinki.path), tag: "\"v2\"")
        _ = try await fetchMap(tiles, in: folder, name: "cache")
        await server.stop()

        // Then the map was drawn again from tiles of "v2", not taken from the cache under the old version
        #expect(archive.requests.contains { $0.ifRange == "\"v2\"" }, "\(archive.requests)")
    }

    @Test("Given a remote archive whose server names no version, then --tiles refuses it in one sentence")
    func aRemoteArchiveWithoutAVersionIsRefused() async throws {
        let folder = try TemporaryDirectory()
        let archive = try TestArchive(.file(path: PMTilesFixture.helsinki.path), tag: nil)
        let server = try await TestHTTPServer(routes: ["/helsinki.pmtiles": .archive(archive)])
        let output = try await CommandRunner.run(["fetch", "-o", folder.appending("m.png").path, "--tiles",
                                                  server.url("/helsinki.pmtiles").absoluteString, Self.map],
                                                 environment: ["XDG_CACHE_HOME": folder.appending("cache").path])
        await server.stop()
        #expect(output.status == 1)
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("names no version of it"), "\(output.stderr)")
    }

    @Test("Given a bad --tiles, then each command says why in one sentence and exits 1", arguments: [
        (["fetch", "map://?latitude=60&longitude=25"], "/nowhere/streets.pmtiles", "map tiles file not found or not readable: /nowhere/streets.pmtiles"),
        (["render", "--format", "ascii", "map://?latitude=60&longitude=25"], "TEXT", "neither an MBTiles (SQLite) database nor a PMTiles archive"),
        ([], "http://127.0.0.1:1/planet.pmtiles", "map tiles archive cannot be read (reading the header: "),
        (["fetch", "map://?latitude=60&longitude=25"], "BAD", "PMTiles version 4 is not supported"),
    ])
    func badTiles(command: [String], tiles: String, message: String) async throws {
        let folder = try TemporaryDirectory()
        let text = folder.appending("notes.pmtiles")
        try Data("plain words\n".utf8).write(to: text)
        let bad = folder.appending("bad.pmtiles")
        try Data("PMTiles\u{4}".utf8 + [UInt8](repeating: 0, count: 200)).write(to: bad)
        let named = ["TEXT": text.path, "BAD": bad.path][tiles] ?? tiles
        let output = try await CommandRunner.run(command + ["--tiles", named], environment: ["XDG_CACHE_HOME": folder.appending("cache").path])
        #expect(output.status == 1)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(output.stderr)")
        #expect(output.stderr.hasPrefix("snapterm: "))
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }
}
