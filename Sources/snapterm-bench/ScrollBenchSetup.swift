// ScrollBenchSetup: builds the loaders `snapterm-bench scroll` measures — the real map renderer and
// terminal encoder, or stand-ins with a fixed cost when the UI alone is to be measured.
import AssetLibrary
import Foundation
import MapSnapshots
import MessageStore
import ScrollBench
import SchemeLoader
import SnaptermUI
import TerminalGraphics
import Thumbnails

/// The handlers, places and terminal the scroll benchmark runs with.
enum ScrollBenchSetup {
    /// What a run is built from.
    struct Options: Sendable {
        var graphics: GraphicsMode
        var cellSize: (width: Int, height: Int)
        /// The cost of a stand-in snapshot; `nil` runs the real `map://` renderer and encoder.
        var mapCost: Duration?
        var places: [Place]
        /// Photos for the conversation run (its rows cycle through them); `nil`: no conversation.
        var photos: AssetLibrary? = nil
        /// Messages in the conversation run, one photo each.
        var conversationRows = 0
        /// The folder list's folder: its files are readable.
        var folder: URL? = nil
        /// The places list's tiles archives instead of the shipped ones (http(s) PMTiles read by range requests).
        var tiles: [URL]? = nil
    }

    /// Says which handlers are in use (printed before the figures).
    static func handlerDescription(_ options: Options) -> String {
        guard let cost = options.mapCost else { return "map handler: MapSchemeHandler (shipped tiles); encoder: ThumbnailEncoder" }
        return "map handler: SyntheticMapHandler (stand-in, \(cost) per render); encoder: SyntheticEncoder (stand-in, 16-colour sixel)"
    }

    /// Builds the loader of the pictures (map snapshots) and their thumbnails, with its disk cache in `directory`.
    @MainActor
    static func makeState(_ options: Options, diskDirectory directory: URL) throws -> AppState {
        let ranges = LoaderReference()
        let mapHandler: any SchemeHandling = try options.mapCost.map { SyntheticMapHandler(cost: $0) }
            ?? mapHandler(tiles: options.tiles, rangesThrough: ranges)
        var pictureHandlers = [mapHandler]
        if options.tiles != nil { pictureHandlers.append(HTTPSchemeHandler()) }
        if let photos = options.photos { pictureHandlers.append(AssetSchemeHandler(library: photos)) }
        if let folder = options.folder { pictureHandlers.append(FileSchemeHandler(allowedRoots: [folder])) }
        let encoder: any ThumbnailEncoding = options.mapCost == nil ? ThumbnailEncoder() : SyntheticEncoder()
        pictureHandlers.append(ThumbnailSchemeHandler(encoder: encoder))
        let loader = try SchemeLoader(handlers: pictureHandlers, configuration: .userInterface(diskDirectory: directory.appendingPathComponent("cache")))
        ranges.set(loader)
        let store = try options.photos.map { try conversation(of: $0, rows: options.conversationRows, in: directory) }
        return AppState(loader: loader, graphics: options.graphics,
                        cellSize: options.cellSize, places: options.places, messages: store)
    }

    /// The real map handler over `tiles` (else the shipped files); an http(s) archive is read by range requests
    /// through the loader `ranges` refers to (the one loader, as in the app).
    private static func mapHandler(tiles: [URL]?, rangesThrough ranges: LoaderReference) throws -> MapSchemeHandler {
        guard let tiles else { return try MapSchemeHandler(tilesFiles: BenchEnvironment.mapTilesFiles) }
        let opener = TileArchiveOpener { url in
            guard let loader = ranges.loader else { throw CancellationError() }
            return try loader.byteRangeSource(for: url, priority: .high)
        }
        return MapSchemeHandler(tilesFiles: tiles, opener: opener, cacheTag: MapSchemeHandler.cacheTag(for: tiles))
    }

    /// A message store in `directory` with one conversation of `rows` messages, each with one photo
    /// attachment as the app would send it (`asset://` at 1280 px, the demo's size). Each time the
    /// photos repeat, the crop loses another 0.2 % of the width, so every row is a different picture
    /// to render — also for thumbnails, which render the photo at the box's size.
    static func conversation(of photos: AssetLibrary, rows: Int, in directory: URL) throws -> MessageStore {
        let store = try MessageStore(path: directory.appendingPathComponent("messages.sqlite").path)
        let id = try store.createConversation(title: "Photo stream").id ?? 0
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let assets = photos.assets.filter { !$0.file.hasSuffix(".gif") }
        guard !assets.isEmpty else { return store }
        for row in 0..<rows {
            let asset = assets[row % assets.count]
            let crop = try AssetCrop(x: 0, y: 0, width: 1 - 0.002 * Double(row / assets.count), height: 1)
            let url = try AssetURL(id: asset.id, width: 1280, crop: crop).url
            try store.receive(text: "Photo \(row + 1)", attachments: [url], in: id, at: start.addingTimeInterval(Double(row)))
        }
        return store
    }

    /// The shipped places (`assets/maps/places.tsv`) when present, else generated ones.
    static func places(assets: URL, minimum: Int) -> (places: [Place], source: String) {
        let file = assets.appendingPathComponent("maps/places.tsv")
        if let loaded = try? PlaceList.load(from: file).places, loaded.count >= minimum {
            return (loaded, file.path)
        }
        return (SyntheticPlaces.make(count: minimum), "\(minimum) generated places (no \(file.path) with enough rows)")
    }
}
