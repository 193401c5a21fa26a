// TilesOption: `--tiles PATH|URL` on `snapterm`, `render` and `fetch` — the map tiles archives to draw from.
import ArgumentParser
import Foundation
import MapSnapshots

/// The `--tiles` option every command that may draw a map shares.
struct TilesOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Draw maps from these tiles archives instead of the shipped ones: MBTiles or PMTiles files (told apart by their content), or http(s) URLs of PMTiles archives. Repeat it or separate with commas; also SNAPTERM_TILES.",
        valueName: "path|url"),
        completion: .file(extensions: ["pmtiles", "mbtiles"]))
    var tiles: [String] = []

    /// No `--tiles`: for a command built without ArgumentParser (`RenderQuickParse`).
    static var none: TilesOption {
        var option = TilesOption()
        option.tiles = []
        return option
    }

    /// `environment` with the archives of `--tiles` (when given) in `SNAPTERM_TILES`, each opened once
    /// to check it, and the versions of the remote ones; throws the `MapSnapshotError` of the first that cannot be drawn from.
    func apply(to environment: AppEnvironment) async throws -> AppEnvironment {
        var chosen = tiles.isEmpty ? environment : environment.setting(AppEnvironment.tilesVariable, to: tiles.joined(separator: ","))
        chosen.tileVersions = try await chosen.checkChosenTiles()
        return chosen
    }
}
