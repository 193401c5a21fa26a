// GroundTruthSnapshotTests: whole snapshots agree with GSHHG point-in-polygon on sampled non-coastal pixels.
import Imaging
import MapSnapshots
import Testing

@Suite struct GroundTruthSnapshotTests {
    @Test("Given city snapshots on every continent, then ≥ 97% of sampled pixels away from shores agree",
          arguments: GroundTruth.shared.snapshots.map(\.id))
    func snapshotAgrees(id: String) async throws {
        let truth = try #require(GroundTruth.shared.snapshots.first { $0.id == id })
        #expect(truth.pixels.count >= 100, "too few ground-truth pixels for \(id)")
        let bitmap = try await MapTestFiles.worldOnly.bitmap(
            for: mapURL(truth.latitude, truth.longitude, zoom: truth.zoom, width: truth.width, height: truth.height))
        var agree = 0, classified = 0
        for pixel in truth.pixels {
            guard let rendered = bitmap.surface(x: pixel.x, y: pixel.y, palette: .light) else { continue }
            classified += 1
            if rendered == pixel.surface { agree += 1 }
        }
        #expect(classified >= truth.pixels.count * 3 / 4, "\(id): only \(classified) of \(truth.pixels.count) pixels classifiable")
        #expect(Double(agree) >= 0.97 * Double(classified), "\(id): \(agree) of \(classified) agree")
    }

    @Test("Given the ground truth, then it holds land, ocean and lake pixels (the fixture can tell them apart)")
    func fixtureHasEveryClass() {
        let classes = Set(GroundTruth.shared.snapshots.flatMap { $0.pixels.map(\.surface) })
        #expect(classes == [.land, .ocean, .lake])
    }
}
