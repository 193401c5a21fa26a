// RenderBench: `snapterm-bench render` — in-process sixel/text-art encode times, bytes and quality per size and palette.
import ArgumentParser
import Foundation
import Imaging
import TerminalGraphics
import TestSupport

extension SnaptermBench {
    /// Measures TerminalGraphics on one photo: the figures behind the default palette choice.
    struct RenderBench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "render",
            abstract: "Benchmark terminal encoding (issue: terminal graphics): sixel palettes and text art, in process.")

        @Option(help: "The photo (a file path); default: assets/photos/coffee.jpg.")
        var photo: String?

        @Option(help: "Repetitions per measurement.")
        var iterations = 30

        func run() async throws {
            let path = try photo ?? BenchEnvironment.dataDirectory.appendingPathComponent("photos/coffee.jpg").path
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let processor = ImageProcessor()
            print("photo: \(path) (\(data.count) bytes), \(iterations) iterations, medians")
            for (width, height) in [(240, 156), (600, 396), (900, 600)] {
                var decode = Samples()
                var bitmap = try processor.thumbnail(data, width: width, height: height, mode: .fill)
                for _ in 0..<iterations {
                    decode.add(try await measure { bitmap = try processor.thumbnail(data, width: width, height: height, mode: .fill) })
                }
                print("\(width)x\(height) decode+scale (libvips): \(decode.summary)")
                for palette in [SixelPalette.adaptive, .fixed] {
                    for diffusion in [SixelDiffusion.atkinson, .floydSteinberg, .none] {
                        let encoder = SixelEncoder(options: SixelOptions(palette: palette, diffusion: diffusion))
                        var samples = Samples()
                        var sixel = Data()
                        for _ in 0..<iterations { samples.add(try await measure { sixel = try encoder.encode(bitmap) }) }
                        // Decoded by ImageMagick: a decoder Snapterm did not write
                        let quality = try IndependentSixelDecoder.decode(sixel).quality(against: bitmap).map(\.description) ?? "?"
                        print(String(format: "%@ sixel %-8@ %-14@ %@, %d bytes, %@", "\(width)x\(height)",
                                     palette.rawValue, diffusion.rawValue, samples.summary, sixel.count, quality))
                    }
                }
                let geometry = try CellGeometry(imageWidth: width, imageHeight: height, columns: width / 8, rows: height / 16,
                                                cellWidth: 8, cellHeight: 16, mode: .symbols)
                for (name, mode) in [("symbols truecolor", GraphicsMode.symbols), ("ascii", .ascii)] {
                    var samples = Samples(), bytes = 0
                    for _ in 0..<iterations {
                        samples.add(try await measure {
                            if case .text(let lines) = try PictureEncoder().encode(bitmap, geometry: geometry, mode: mode) {
                                bytes = lines.reduce(0) { $0 + $1.count + 1 }
                            }
                        })
                    }
                    print("\(width)x\(height) \(name) \(geometry.columns)x\(geometry.rows) cells: \(samples.summary), \(bytes) bytes")
                }
            }
        }
    }
}
