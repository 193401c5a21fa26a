// MapTestSupport: shared helpers for the map tests — file locations, the ground-truth fixture, pixel classes.
import Foundation
import Imaging
import MapSnapshots
import SchemeLoader

/// Where the shipped map data and the fixtures are, found from this file's path.
enum MapTestFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let assets = root.appendingPathComponent("assets/maps")
    static let world = assets.appendingPathComponent("world.mbtiles")
    static let helsinki = assets.appendingPathComponent("helsinki.mbtiles")
    static let groundTruth = root.appendingPathComponent("Tests/Fixtures/maps/ground-truth.tsv")

    /// One snapshotter for the whole suite (tiles stay cached between tests).
    static let snapshotter: MapSnapshotter = {
        do {
            return try MapSnapshotter(tilesFiles: [world, helsinki])
        } catch {
            fatalError("the shipped map data cannot be opened: \(error)")
        }
    }()

    /// A snapshotter with the world file only.
    static let worldOnly: MapSnapshotter = {
        do {
            return try MapSnapshotter(tilesFiles: [world])
        } catch {
            fatalError("the shipped world data cannot be opened: \(error)")
        }
    }()
}

/// The class of a map point: what the source polygons say, or what a pixel's colour shows.
enum SurfaceClass: String, Sendable {
    case land, ocean, lake
}

/// The ground truth computed from GSHHG full resolution by scripts/maps/ground_truth.py.
struct GroundTruth {
    struct Point { let name: String; let latitude: Double; let longitude: Double; let surface: SurfaceClass }
    struct Pixel { let x: Int; let y: Int; let surface: SurfaceClass }
    struct Snapshot {
        let id: String
        let latitude: Double, longitude: Double, zoom: Double, width: Int, height: Int
        var pixels: [Pixel] = []
    }

    var points: [Point] = []
    var snapshots: [Snapshot] = []

    static let shared: GroundTruth = {
        do { return try GroundTruth(contentsOf: MapTestFiles.groundTruth) } catch { fatalError("fixture: \(error)") }
    }()

    init(contentsOf url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        var index: [String: Int] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let f = line.split(separator: "\t").map(String.init)
            switch f.first {
            case "point":
                guard f.count == 5, let lat = Double(f[2]), let lon = Double(f[3]), let c = SurfaceClass(rawValue: f[4]) else { continue }
                points.append(Point(name: f[1], latitude: lat, longitude: lon, surface: c))
            case "snapshot":
                guard f.count == 7, let lat = Double(f[2]), let lon = Double(f[3]), let z = Double(f[4]),
                      let w = Int(f[5]), let h = Int(f[6]) else { continue }
                index[f[1]] = snapshots.count
                snapshots.append(Snapshot(id: f[1], latitude: lat, longitude: lon, zoom: z, width: w, height: h))
            case "pixel":
                guard f.count == 5, let i = index[f[1]], let x = Int(f[2]), let y = Int(f[3]),
                      let c = SurfaceClass(rawValue: f[4]) else { continue }
                snapshots[i].pixels.append(Pixel(x: x, y: y, surface: c))
            default: continue
            }
        }
    }

    func point(named name: String) -> Point? { points.first { $0.name == name } }
}

extension Bitmap {
    /// The surface class a pixel's colour shows in `palette`, or nil (labels, rivers, borders, edges).
    func surface(x: Int, y: Int, palette: MapPalette) -> SurfaceClass? {
        let pixel = self[x, y]
        func near(_ c: MapColor) -> Bool {
            abs(Int(pixel.red) - Int(c.red)) <= 3 && abs(Int(pixel.green) - Int(c.green)) <= 3 && abs(Int(pixel.blue) - Int(c.blue)) <= 3
        }
        if near(palette.land) { return .land }
        if near(palette.sea) { return .ocean }
        if near(palette.lake) { return .lake }
        return nil
    }

    /// How many pixels are within 3 of any of `colors`.
    func count(of colors: [MapColor]) -> Int {
        var total = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = self[x, y]
                if colors.contains(where: { abs(Int(p.red) - Int($0.red)) <= 3 && abs(Int(p.green) - Int($0.green)) <= 3
                    && abs(Int(p.blue) - Int($0.blue)) <= 3 }) { total += 1 }
            }
        }
        return total
    }
}

/// A map snapshot description for tests (throws through `#require` when a value is out of range).
func mapURL(_ latitude: Double, _ longitude: Double, zoom: Double, width: Int = 320, height: Int = 200,
            style: MapStyle = .light, pin: Bool = false) throws -> MapSnapshotURL {
    try MapSnapshotURL(latitude: latitude, longitude: longitude, zoom: zoom, width: width, height: height, style: style, showsPin: pin)
}
