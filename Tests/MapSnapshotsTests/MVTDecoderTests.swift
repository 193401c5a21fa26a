// MVTDecoderTests: the hand-written decoder on a hand-built tile with known geometry and properties.
import Foundation
import MapSnapshots
import Testing

@Suite struct MVTDecoderTests {
    /// A tile with layer "water" (a square with a hole, class=lake) and layer "place" (a point, name and population).
    private func handBuiltTile() -> Data {
        let z = ProtobufWriter.zigzag, cmd = ProtobufWriter.command
        // Square 10,10 → 110,10 → 110,110 → 10,110, then a hole 40,40 → 40,60 → 60,60 → 60,40.
        let polygon: [UInt32] = [cmd(1, 1), z(10), z(10), cmd(2, 3), z(100), z(0), z(0), z(100), z(-100), z(0), cmd(7, 1),
                                 cmd(1, 1), z(30), z(-70), cmd(2, 3), z(0), z(20), z(20), z(0), z(0), z(-20), cmd(7, 1)]
        var feature = ProtobufWriter()
        feature.field(1, varint: 7)
        feature.field(2, packed: [0, 0])
        feature.field(3, varint: 3)
        feature.field(4, packed: polygon)
        var value = ProtobufWriter()
        value.field(1, string: "lake")
        var water = ProtobufWriter()
        water.field(15, varint: 2)
        water.field(1, string: "water")
        water.field(2, bytes: feature.bytes)
        water.field(3, string: "class")
        water.field(4, bytes: value.bytes)
        water.field(5, varint: 4096)

        var point = ProtobufWriter()
        point.field(2, packed: [0, 0, 1, 1])
        point.field(3, varint: 1)
        point.field(4, packed: [cmd(1, 1), z(2048), z(-5)])
        var name = ProtobufWriter(), population = ProtobufWriter()
        name.field(1, string: "Näsby")
        population.field(6, varint: UInt64(z(-12345)))
        var place = ProtobufWriter()
        place.field(1, string: "place")
        place.field(2, bytes: point.bytes)
        place.field(3, string: "name")
        place.field(3, string: "population")
        place.field(4, bytes: name.bytes)
        place.field(4, bytes: population.bytes)
        place.field(5, varint: 512)

        var tile = ProtobufWriter()
        tile.field(3, bytes: water.bytes)
        tile.field(3, bytes: place.bytes)
        return Data(tile.bytes)
    }

    @Test("Given a hand-built tile, when decoded, then layers, geometry and properties are exactly as built")
    func decodesKnownGeometry() throws {
        let tile = try MVTDecoder.decode(handBuiltTile())
        #expect(tile.layers.map(\.name) == ["water", "place"])
        let water = try #require(tile.layer("water"))
        #expect(water.extent == 4096)
        let square = try #require(water.features.first)
        #expect(square.type == .polygon)
        #expect(square.string("class") == "lake")
        #expect(square.coordinates == [10, 10, 110, 10, 110, 110, 10, 110, 40, 40, 40, 60, 60, 60, 60, 40])
        #expect(square.partStarts == [0, 4])
        #expect(square.partRange(1) == 4..<8)
        #expect(square.bounds.minX == 10 && square.bounds.maxX == 110 && square.bounds.minY == 10 && square.bounds.maxY == 110)

        let place = try #require(tile.layer("place"))
        #expect(place.extent == 512)
        let town = try #require(place.features.first)
        #expect(town.type == .point)
        #expect(town.coordinates == [2048, -5])
        #expect(town.string("name") == "Näsby")
        #expect(town.number("population") == -12345)
    }

    @Test("Given damaged bytes, when decoded, then a DecodingError is thrown, never a crash")
    func damagedBytesThrow() {
        let good = handBuiltTile()
        for length in [1, 2, 5, 17, good.count - 3] {
            #expect(throws: MVTDecoder.DecodingError.self) { try MVTDecoder.decode(good.prefix(length)) }
        }
        #expect(throws: MVTDecoder.DecodingError.self) { try MVTDecoder.decode(Data([0x1A, 0x03, 0x0F, 0xFF, 0xFF])) }
    }

    @Test("Given the shipped world file, when a real tile is read, then it decodes to land polygons")
    func realTile() async throws {
        let file = try MBTilesFile.open(MapTestFiles.world)
        let tile = try #require(try await file.tile(z: 0, x: 0, y: 0))
        let land = try #require(tile.layer("land"))
        #expect(land.features.count > 50)
        #expect(land.features.allSatisfy { $0.type == .polygon })
    }
}
