// ScrollBenchSetup: builds the loaders `snapterm bench scroll` measures — the one place that picks the
// map handler and the thumbnail encoder (switch to the real ones here when they are on main).
import Foundation
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
        var mapCost: Duration
        var places: [Place]
    }

    /// Says which handlers are in use (printed before the figures).
    static func handlerDescription(_ options: Options) -> String {
        "map handler: SyntheticMapHandler (stand-in, \(options.mapCost) per render); "
            + "encoder: SyntheticEncoder (stand-in, 16-colour sixel) — the real map renderer and terminal encoder are not on main yet"
    }

    /// Builds the picture loader (map snapshots) and the thumbnail loader over it, with disk caches in `directory`.
    ///
    /// THE SWITCH: when `MapSnapshots` (the real `map://` handler) and the real `ThumbnailEncoding`
    /// from `TerminalGraphics` are on main, use them here instead of `SyntheticMapHandler` and
    /// `SyntheticEncoder`, and update `handlerDescription`.
    @MainActor
    static func makeState(_ options: Options, diskDirectory directory: URL) throws -> AppState {
        let mapHandler: any SchemeHandling = SyntheticMapHandler(cost: options.mapCost)
        let encoder: any ThumbnailEncoding = SyntheticEncoder()
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
