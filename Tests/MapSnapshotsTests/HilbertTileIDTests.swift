// HilbertTileIDTests: PMTiles tile ids — the reference implementation's values, and the round trip.
import MapSnapshots
import Testing

@Suite struct HilbertTileIDTests {
    /// Values printed by the `pmtiles` PyPI package (`pmtiles.tile.zxy_to_tileid`).
    static let reference: [(z: Int, x: Int, y: Int, id: UInt64)] = [
        (0, 0, 0, 0), (1, 0, 0, 1), (1, 0, 1, 2), (1, 1, 1, 3), (1, 1, 0, 4), (2, 0, 0, 5), (3, 7, 0, 84),
        (12, 2331, 1185, 19_964_601), (15, 18654, 9480, 1_277_734_547), (20, 1_000_000, 3, 1_461_989_238_116),
        (26, 67_108_863, 67_108_863, 4_503_599_627_370_495), (26, 12_345_678, 60_000_000, 3_056_320_942_048_851),
    ]

    @Test("Given tiles the reference reader numbered, then the ids match both ways")
    func referenceValues() throws {
        for tile in Self.reference {
            #expect(HilbertTileID.id(z: tile.z, x: tile.x, y: tile.y) == tile.id, "\(tile)")
            let back = try #require(HilbertTileID.tile(tile.id))
            #expect(back.z == tile.z && back.x == tile.x && back.y == tile.y, "\(tile)")
        }
    }

    @Test("Given every tile of zooms 0 to 6, then ids are dense, unique and round-trip")
    func everyTileRoundTrips() throws {
        var next: UInt64 = 0
        for z in 0...6 {
            var ids: [UInt64] = []
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    let id = try #require(HilbertTileID.id(z: z, x: x, y: y))
                    let back = try #require(HilbertTileID.tile(id))
                    #expect(back.z == z && back.x == x && back.y == y)
                    ids.append(id)
                }
            }
            #expect(ids.sorted() == Array(next..<next + UInt64(ids.count)), "zoom \(z) fills its range")
            next += UInt64(ids.count)
        }
    }

    @Test("Given a tile outside its zoom's grid or past zoom 26, then there is no id")
    func outOfRange() {
        #expect(HilbertTileID.id(z: 1, x: 2, y: 0) == nil)
        #expect(HilbertTileID.id(z: 3, x: 0, y: -1) == nil)
        #expect(HilbertTileID.id(z: 27, x: 0, y: 0) == nil)
        #expect(HilbertTileID.id(z: -1, x: 0, y: 0) == nil)
        #expect(HilbertTileID.tile(UInt64.max) == nil)
    }
}
