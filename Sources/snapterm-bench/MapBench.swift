// MapBench: `snapterm-bench map` — map snapshot cost, cold and warm, and 500 places in sequence.
import ArgumentParser
import Foundation
import MapSnapshots
import SchemeLoader

extension SnaptermBench {
    struct MapBench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "map", abstract: "Benchmark map:// snapshots (issue 8): cold z10 and z3, 500 places.")

        @Option(help: "The folder with world.mbtiles, helsinki.mbtiles and places.tsv.")
        var assets = "assets/maps"

        @Option(help: "Tiles archives (MBTiles or PMTiles, comma-separated) instead of the folder's .mbtiles files.")
        var tiles: String?

        @Option(help: "Repetitions per cold measurement.")
        var iterations = 50

        @Option(help: "Write a few sample PNGs into this folder.")
        var samples: String?

        func run() async throws {
            let folder = URL(fileURLWithPath: assets)
            let files = tiles.map { $0.split(separator: ",").map { URL(fileURLWithPath: String($0)) } }
                ?? MapSnapshotter.bundledTilesFiles(in: folder)
            let snapshotter = try await MapSnapshotter.open(files)
            let views: [(String, MapSnapshotURL)] = [
                ("z10 St Petersburg", try MapSnapshotURL(latitude: 59.935634, longitude: 30.325935, zoom: 10)),
                ("z10 New York", try MapSnapshotURL(latitude: 40.7128, longitude: -74.006, zoom: 10)),
                ("z3 Europe", try MapSnapshotURL(latitude: 50, longitude: 15, zoom: 3)),
                ("z15 Helsinki", try MapSnapshotURL(latitude: 60.1705, longitude: 24.944, zoom: 15)),
            ]
            for (name, view) in views {
                var cold = Samples(), coldRender = Samples(), warm = Samples()
                for _ in 0..<iterations {
                    snapshotter.emptyCache()
                    cold.add(try await measure { _ = try await snapshotter.pngData(for: view) })
                    snapshotter.emptyCache()
                    coldRender.add(try await measure { _ = try await snapshotter.bitmap(for: view) })
                    warm.add(try await measure { _ = try await snapshotter.pngData(for: view) })
                }
                print("\(name) 320×200 cold, PNG:     \(cold.summary)")
                print("\(name) 320×200 cold, pixels:  \(coldRender.summary)")
                print("\(name) 320×200 warm, PNG:     \(warm.summary)")
            }
            try await places(snapshotter, folder: folder)
            if let samples { try await writeSamples(snapshotter, to: URL(fileURLWithPath: samples)) }
        }

        private func places(_ snapshotter: MapSnapshotter, folder: URL) async throws {
            let text = try String(contentsOf: folder.appendingPathComponent("places.tsv"), encoding: .utf8)
            let rows = text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t") }
            let places = rows.compactMap { f -> MapSnapshotURL? in
                guard f.count >= 5, let lat = Double(f[2]), let lon = Double(f[3]) else { return nil }
                return try? MapSnapshotURL(latitude: lat, longitude: lon, zoom: 10)
            }.prefix(500)
            snapshotter.emptyCache()
            var sequence = Samples()
            let total = try await measure {
                for place in places { sequence.add(try await measure { _ = try await snapshotter.pngData(for: place) }) }
            }
            print("\(places.count) places in sequence, z10 320×200 PNG (cache starts empty): \(sequence.summary); total \(total)")
        }

        private func writeSamples(_ snapshotter: MapSnapshotter, to folder: URL) async throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let samples: [(String, MapSnapshotURL)] = [
                ("st-petersburg-z10", try MapSnapshotURL(latitude: 59.935634, longitude: 30.325935, zoom: 10, width: 640, height: 400)),
                ("helsinki-z15", try MapSnapshotURL(latitude: 60.1705, longitude: 24.944, zoom: 15, width: 640, height: 400)),
                ("fiji-z7", try MapSnapshotURL(latitude: -16.8, longitude: 179.9, zoom: 7, width: 640, height: 400)),
                ("europe-z3", try MapSnapshotURL(latitude: 50, longitude: 15, zoom: 3, width: 640, height: 400)),
                ("st-petersburg-z8-dark", try MapSnapshotURL(latitude: 59.935634, longitude: 30.325935, zoom: 8, width: 640,
                                                             height: 400, style: .dark)),
                ("helsinki-z15-dark", try MapSnapshotURL(latitude: 60.1705, longitude: 24.944, zoom: 15, width: 640, height: 400,
                                                         style: .dark)),
                ("new-york-z11", try MapSnapshotURL(latitude: 40.7128, longitude: -74.006, zoom: 11, width: 640, height: 400)),
                ("default-320x200", try MapSnapshotURL(latitude: 59.935634, longitude: 30.325935)),
                ("world-z0", try MapSnapshotURL(latitude: 20, longitude: 160, zoom: 0.8, width: 640, height: 400)),
                ("st-petersburg-z16", try MapSnapshotURL(latitude: 59.9398, longitude: 30.3146, zoom: 16, width: 640, height: 400)),
                ("sydney-z11", try MapSnapshotURL(latitude: -33.8688, longitude: 151.2093, zoom: 11, width: 640, height: 400)),
            ]
            for (name, view) in samples {
                try await snapshotter.pngData(for: view).write(to: folder.appendingPathComponent("\(name).png"))
            }
            print("wrote \(samples.count) PNGs to \(folder.path)")
        }
    }
}
