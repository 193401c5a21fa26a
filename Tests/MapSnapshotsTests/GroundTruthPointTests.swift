// GroundTruthPointTests: the rendered colour at single points matches GSHHG point-in-polygon.
import Imaging
import MapSnapshots
import Testing

@Suite struct GroundTruthPointTests {
    /// Renders a small snapshot centred on the point and reads the centre pixel; when a border or a
    /// label covers it, the most common class of the 5×5 pixels around it.
    private func renderedClass(_ latitude: Double, _ longitude: Double, zoom: Double = 10) async throws -> SurfaceClass? {
        let bitmap = try await MapTestFiles.snapshotter.bitmap(for: mapURL(latitude, longitude, zoom: zoom, width: 33, height: 33))
        if let centre = bitmap.surface(x: 16, y: 16, palette: .light) { return centre }
        var votes: [SurfaceClass: Int] = [:]
        for y in 14...18 {
            for x in 14...18 {
                if let surface = bitmap.surface(x: x, y: y, palette: .light) { votes[surface, default: 0] += 1 }
            }
        }
        return votes.max { $0.value < $1.value }?.key
    }

    @Test("Given the named places, when rendered at zoom 10, then land, ocean and lake match the source")
    func namedPoints() async throws {
        #expect(try await renderedClass(59.9356, 30.3259) == .land, "St Petersburg")
        #expect(try await renderedClass(0, -30) == .ocean, "0°N 30°W")
        #expect(try await renderedClass(61.0, 31.5) == .lake, "Lake Ladoga")
        let named = GroundTruth.shared.points.filter { !$0.name.hasPrefix("random-") }
        #expect(named.count >= 25)
        for point in named {
            let rendered = try await renderedClass(point.latitude, point.longitude)
            #expect(rendered == point.surface, "\(point.name): rendered \(String(describing: rendered)), source says \(point.surface)")
        }
    }

    @Test("Given world-wide random points away from shores, then ≥ 97% of rendered classes match")
    func worldWidePoints() async throws {
        let points = GroundTruth.shared.points.filter { $0.name.hasPrefix("random-") }.prefix(400)
        #expect(points.count >= 300)
        var agree = 0, total = 0
        for point in points {
            guard let rendered = try await renderedClass(point.latitude, point.longitude, zoom: 9) else { continue }
            total += 1
            if rendered == point.surface { agree += 1 }
        }
        #expect(total >= points.count * 9 / 10, "too many points hidden by labels: \(total) of \(points.count)")
        #expect(Double(agree) >= 0.97 * Double(total), "\(agree) of \(total) agree")
    }
}
