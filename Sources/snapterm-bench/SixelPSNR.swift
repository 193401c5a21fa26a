// SixelPSNR: `snapterm-bench psnr` — how faithful decoded sixel files are to their source photo.
import ArgumentParser
import Foundation
import Imaging
import TerminalGraphics

extension SnaptermBench {
    /// `snapterm-bench psnr` — PSNR of decoded sixel files against their source photo, for comparing encoders.
    struct SixelPSNR: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "psnr", abstract: "PSNR of sixel files against the source photo scaled (fill) to each file's size.")

        @Option(help: "The source photo (a file path).")
        var source: String

        @Argument(help: "Sixel files (e.g. the outputs of snapterm render, img2sixel, chafa -f sixels).")
        var sixels: [String]

        func run() async throws {
            let data = try Data(contentsOf: URL(fileURLWithPath: source))
            for path in sixels {
                let decoded = try SixelDecoder.decode(try Data(contentsOf: URL(fileURLWithPath: path)))
                let reference = try ImageProcessor().thumbnail(data, width: decoded.width, height: decoded.height, mode: .fill)
                print(String(format: "%@: %dx%d, PSNR %.2f dB", path, decoded.width, decoded.height, decoded.psnr(against: reference)))
            }
        }
    }
}
