// SnaptermBench: the `snapterm-bench` executable — benchmarks that print figures (they are not tests).
// It is a product of its own so that the `snapterm` users run links no test code (TestSupport, ScrollBench).
import ArgumentParser
import AssetLibrary
import Foundation
import MapSnapshots

/// `snapterm-bench` — loader, imaging, map, render, psnr, scroll, ranges and Matrix send benchmarks; build with `-c release`.
@main
struct SnaptermBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapterm-bench",
        abstract: "Run Snapterm's benchmarks and print their figures (use a release build).",
        subcommands: [LoaderBench.self, ImagingBench.self, MapBench.self, RenderBench.self, SixelPSNR.self, ScrollCommand.self,
                      RangeBench.self, SendBench.self, MatrixArrivalBench.self, MatrixScrollBench.self])
}

/// Where the benchmarks find the shipped data: the same rules as `snapterm` (`DataFolder`: `$SNAPTERM_DATA`,
/// else beside the program's real path).
enum BenchEnvironment {
    static var dataDirectory: URL {
        get throws(AssetLibraryError) { try DataFolder.locate(environment: ProcessInfo.processInfo.environment) }
    }

    /// The shipped photos (and `$SNAPTERM_PHOTOS`), or `nil` when the data holds no photo manifest.
    static func photoLibrary() throws -> AssetLibrary? {
        let shipped = try dataDirectory.appendingPathComponent("photos")
        guard FileManager.default.fileExists(atPath: shipped.appendingPathComponent("manifest.json").path) else { return nil }
        let user = ProcessInfo.processInfo.environment["SNAPTERM_PHOTOS"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        return try AssetLibrary(shippedFolder: shipped, userFolder: user)
    }

    /// The shipped map tiles files, then `$SNAPTERM_MAP_TILES` (colon-separated).
    static var mapTilesFiles: [URL] {
        get throws(AssetLibraryError) {
            var files = MapSnapshotter.bundledTilesFiles(in: try dataDirectory.appendingPathComponent("maps"))
            if let extra = ProcessInfo.processInfo.environment["SNAPTERM_MAP_TILES"], !extra.isEmpty {
                files += extra.split(separator: ":").map { URL(fileURLWithPath: String($0)) }
            }
            return files
        }
    }
}

/// Figures to standard output, progress to standard error.
enum BenchConsole {
    static func writeOut(_ data: Data) { FileHandle.standardOutput.write(data) }
    static func info(_ message: String) { FileHandle.standardError.write(Data((message + "\n").utf8)) }
}
