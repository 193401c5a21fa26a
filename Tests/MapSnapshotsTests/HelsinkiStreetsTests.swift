// HelsinkiStreetsTests: at zoom 15 the Helsinki overlay draws streets; the world file alone does not.
import Imaging
import MapSnapshots
import Testing

@Suite struct HelsinkiStreetsTests {
    private let roads = [MapPalette.light.minorRoad, MapPalette.light.mediumRoad, MapPalette.light.majorRoad]

    @Test("Given central Helsinki at zoom 15, when rendered with the Helsinki file, then street pixels are present")
    func streets() async throws {
        let snapshot = try mapURL(60.1705, 24.944, zoom: 15)
        let bitmap = try await MapTestFiles.snapshotter.bitmap(for: snapshot)
        let streetPixels = bitmap.count(of: roads)
        #expect(streetPixels >= bitmap.width * bitmap.height / 30, "street pixels: \(streetPixels)")
        let buildings = bitmap.count(of: [MapPalette.light.building])
        #expect(buildings >= bitmap.width * bitmap.height / 20, "building pixels: \(buildings)")
        let withoutStreets = try await MapTestFiles.worldOnly.bitmap(for: snapshot).count(of: roads)
        #expect(withoutStreets < streetPixels / 10, "the world file alone has \(withoutStreets) street-coloured pixels")
    }
}
