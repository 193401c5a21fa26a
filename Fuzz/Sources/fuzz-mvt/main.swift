// fuzz-mvt: the Mapbox Vector Tile decoder on arbitrary bytes — a tile or a DecodingError, never a
// trap or a hang, and every decoded feature's geometry is well-formed for the renderer.
import Foundation
import FuzzSupport
import FuzzedMVT

/// One input: decode; what decodes has even coordinate counts and part starts strictly increasing and in range.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzMVT(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Data(fuzzBytes(data, count))
    guard let tile = try? MVTDecoder.decode(bytes) else { return 0 }
    for layer in tile.layers {
        precondition(layer.extent > 0, "layer \(layer.name) decoded with extent \(layer.extent)")
        for feature in layer.features {
            let points = feature.coordinates.count / 2
            precondition(feature.coordinates.count % 2 == 0, "odd coordinate count")
            precondition(feature.partStarts.isEmpty == (points == 0), "parts without points or points without parts")
            var previous = -1
            for start in feature.partStarts.map(Int.init) {
                precondition(start > previous, "part starts out of order")
                precondition(start >= 0 && start < points, "part start \(start) outside \(points) points")
                previous = start
            }
            for part in feature.partStarts.indices {
                precondition(!feature.partRange(part).isEmpty, "part \(part) has no vertices")
            }
        }
    }
    return 0
}

runLibFuzzer(fuzzMVT)
