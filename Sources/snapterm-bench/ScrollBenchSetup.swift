// ScrollBenchSetup: builds the loaders `snapterm-bench scroll` measures — the real map renderer and
// terminal encoder, or stand-ins with a fixed cost when the UI alone is to be measured.
import Foundation
import MapSnapshots
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
    }

    /// Says which handlers are in use (printed before the figures).
    static func handlerDescription(_ options: Options) -> String {
        guard let cost = options.mapCost else { return "map handler: MapSchemeHandler (shipped tiles); encoder: ThumbnailEncoder" }
        return "map handler: SyntheticMapHandler (stand-in, \(cost) per render); encoder: SyntheticEncoder (stand-in, 16-colour sixel)"
    }

    /// Builds the picture loader (map snapshots) and the thumbnail loader over it, with disk caches in `directory`.
    @MainActor
    static func makeState(_ options: Options, diskDirectory directory: URL) throws -> AppState {
        let mapHandler: any SchemeHandling = options.mapCost.map { SyntheticMapHandler(cost: $0) }
            ?? MapSchemeHandler(tilesFiles: BenchEnvironment.mapTilesFiles)
        let encoder: any ThumbnailEncoding = options.mapCost == nil ? ThumbnailEncoder() : SyntheticEncoder()
        let pictures = try SchemeLoader(
            handlers: [mapHandler],
            configuration: SchemeLoaderConfiguration(diskDirectory: directory.appendingPathComponent("pictures")))
        let thumbnails = try SchemeLoader(
            handlers: [ThumbnailSchemeHandler(base: pictures, encoder: encoder)],
            configuration: SchemeLoaderConfiguration(diskDirectory: directory.appendingPathComponent("thumbnails")))
        return AppState(pictureLoader: pictures, thumbnailLoader: thumbnails, graphics: options.graphics,
                        cellSize: options.cellSize, places: options.places)
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
