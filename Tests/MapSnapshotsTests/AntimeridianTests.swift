// AntimeridianTests: a snapshot across 180° (Fiji) has land on both sides and no seam column.
import Imaging
import MapSnapshots
import Testing

@Suite struct AntimeridianTests {
    @Test("Given Fiji centred near 180°, when rendered, then land appears east and west of the antimeridian without a seam",
          arguments: [7.0, 8.0, 7.5])
    func fiji(zoom: Double) async throws {
        let longitude = 179.9
        let snapshot = try mapURL(-16.8, longitude, zoom: zoom)
        let bitmap = try await MapTestFiles.worldOnly.bitmap(for: snapshot)
        let worldSize = WebMercator.worldSize(zoom: zoom)
        let seam = Int((Double(snapshot.width) / 2 + (180 - longitude) / 360 * worldSize).rounded())
        #expect(seam > 10 && seam < snapshot.width - 10)
        var westLand = 0, eastLand = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.surface(x: x, y: y, palette: .light) == .land {
                if x < seam - 2 { westLand += 1 } else if x > seam + 2 { eastLand += 1 }
            }
        }
        #expect(westLand > 50, "land west of 180°: \(westLand)")
        #expect(eastLand > 20, "land east of 180°: \(eastLand)")
        // A seam is a column unlike both neighbours where the neighbours agree with each other.
        for column in (seam - 1)...(seam + 1) {
            var odd = 0
            for y in 0..<(bitmap.height - 16) {
                let left = bitmap[column - 1, y], middle = bitmap[column, y], right = bitmap[column + 1, y]
                if left == right && middle != left { odd += 1 }
            }
            #expect(odd <= 2, "column \(column) differs from its neighbours in \(odd) rows")
        }
    }
}
