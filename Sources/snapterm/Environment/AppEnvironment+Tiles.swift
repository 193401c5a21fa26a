// AppEnvironment+Tiles: which tiles archives maps are drawn from — shipped, added, or chosen with --tiles / SNAPTERM_TILES.
import AssetLibrary
import Foundation
import MapSnapshots
import SchemeLoader

extension AppEnvironment {
    /// The variable (and, joined by commas, the `--tiles` options) naming the archives maps are drawn from.
    static let tilesVariable = "SNAPTERM_TILES"

    /// The map tiles archives: those `$SNAPTERM_TILES` names (comma-separated paths or http(s) URLs,
    /// MBTiles or PMTiles), which replace every other; else the shipped world and Helsinki files, then
    /// any OpenMapTiles MBTiles named in `$SNAPTERM_MAP_TILES` (colon-separated; "bring your own tiles").
    /// Without the shipped data, the named files alone; with neither, the data's error.
    var mapTilesFiles: [URL] {
        get throws(AssetLibraryError) {
            let chosen = chosenTiles
            if !chosen.isEmpty { return chosen }
            let extra = (variables["SNAPTERM_MAP_TILES"] ?? "").split(separator: ":").map { URL(fileURLWithPath: String($0)) }
            switch dataFolder {
            case .success(let data): return MapSnapshotter.bundledTilesFiles(in: data.appendingPathComponent("maps")) + extra
            case .failure(let error): if extra.isEmpty { throw error } else { return extra }
            }
        }
    }

    /// The archives `$SNAPTERM_TILES` names, in order: an http(s) URL as it is, anything else a path.
    var chosenTiles: [URL] {
        (variables[Self.tilesVariable] ?? "").split(separator: ",").compactMap { item in
            let text = item.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return nil }
            if let url = URL(string: text), TileArchiveOpener.isRemote(url) { return url }
            return URL(fileURLWithPath: text)
        }
    }

    /// How tiles archives are opened: files by their content; http(s) PMTiles archives by range requests
    /// through the loader `ranges` refers to (its caches, priorities and cancellation; see `HTTPRangeSource`): a
    /// map's reads at the map's priority, the others (the check before a command starts) at `.high`.
    func tileArchiveOpener(rangesThrough ranges: LoaderReference) -> TileArchiveOpener {
        TileArchiveOpener { url in
            guard let loader = ranges.loader else { throw CancellationError() }  // the loader has shut down
            return try loader.byteRangeSource(for: url, priority: .high)
        }
    }

    /// The `map://` handler over `mapTilesFiles`, drawing on `workers`, reading remote archives through
    /// the loader `ranges` refers to. Archives other than the shipped ones tag its cache keys, so a map
    /// cached from other tiles is never shown.
    func mapHandler(workers: WorkerPool, rangesThrough ranges: LoaderReference) throws(AssetLibraryError) -> MapSchemeHandler {
        let files = try mapTilesFiles
        let shipped = chosenTiles.isEmpty && (variables["SNAPTERM_MAP_TILES"] ?? "").isEmpty
        return MapSchemeHandler(tilesFiles: files, opener: tileArchiveOpener(rangesThrough: ranges), renderPool: workers,
                                cacheTag: shipped ? nil : MapSchemeHandler.cacheTag(for: files, versions: tileVersions))
    }

    /// Opens every archive `$SNAPTERM_TILES` names before a command starts (header and directories of
    /// a PMTiles — for a URL through a loader of its own, whose disk cache the command's loader then
    /// shares —, the metadata of an MBTiles: a few small reads), so a bad one is one clear sentence
    /// rather than failed maps later; throws the first `MapSnapshotError`. Returns the version of each remote
    /// archive, by URL (a remote archive without one is refused, unless it is smaller than its first read).
    func checkChosenTiles() async throws -> [String: String] {
        let locations = chosenTiles
        guard !locations.isEmpty else { return [:] }
        let ranges = LoaderReference()
        var rangeLoader: SchemeLoader?
        if locations.contains(where: TileArchiveOpener.isRemote) {
            let loader = try makeLoader(for: .command, schemes: ["http", "https"])
            ranges.set(loader)
            rangeLoader = loader
        }
        var versions: [String: String] = [:]
        do {
            for location in locations {
                _ = try await tileArchiveOpener(rangesThrough: ranges).open(location)
                if let rangeLoader, TileArchiveOpener.isRemote(location) {
                    guard let source = try rangeLoader.byteRangeSource(for: location) as? HTTPRangeSource else { continue }
                    do {
                        versions[location.absoluteString] = try await source.version()
                    } catch let error as LoadError {
                        throw MapSnapshotError.archiveUnreadable(name: location.absoluteString, reason: error.description)
                    }
                }
            }
        } catch {
            await rangeLoader?.shutdown()
            throw error
        }
        // Its disk copies written first: the command's own loader then reads those ranges from the cache.
        await rangeLoader?.shutdown()
        return versions
    }
}
