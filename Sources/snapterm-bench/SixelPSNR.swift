// SixelPSNR: `snapterm-bench psnr` — how faithful sixel files are to their source photo, decoded by ImageMagick.
import ArgumentParser
import Foundation
import Imaging
import TestSupport

extension SnaptermBench {
    /// `snapterm-bench psnr` — PSNR and ΔE of sixel files (decoded by ImageMagick, not by Snapterm) against
    /// their source photo, for comparing encoders.
    struct SixelPSNR: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "psnr", abstract: "PSNR and ΔE of sixel files (decoded by ImageMagick) against the source photo scaled (fill) to each file's size.")

        @Option(help: "The source photo (a file path).")
        var source: String

        @Argument(help: "Sixel files (e.g. the outputs of snapterm render, img2sixel, chafa -f sixels).")
        var sixels: [String]

        func run() async throws {
            let data = try Data(contentsOf: URL(fileURLWithPath: source))
            for path in sixels {
                let decoded = try IndependentSixelDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: path)))
                let reference = try ImageProcessor().thumbnail(data, width: decoded.width, height: decoded.height, mode: .fill)
                let quality = decoded.quality(against: reference).map(\.description) ?? "sizes differ"
                print("\(path): \(decoded.width)x\(decoded.height), \(quality)")
            }
        }
    }
}
