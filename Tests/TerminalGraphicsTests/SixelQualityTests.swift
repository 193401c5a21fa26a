// SixelQualityTests: a shipped photo's sixel, decoded by ImageMagick (a decoder Snapterm did not write), is as
// faithful as chafa's at every size — no purple and teal in a grey sky.
import Foundation
import Imaging
import TerminalGraphics
import TestSupport
import Testing

@Suite(.enabled(if: IndependentSixelDecoder.isAvailable, "needs ImageMagick (scripts/common.sh installs it)"))
struct SixelQualityTests {
    /// chafa 1.12 `-f sixels` on storm.jpg at 240–900 px wide, through the same decoder
    /// (`scripts/tools/sixel-quality`, 2026-11-27): 37.7–39.5 dB, mean ΔE 1.74–1.90. Snapterm before: 19–24 dB, ΔE 12–19.
    static let chafaPSNR = 37.7
    static let chafaMeanDeltaE = 1.9

    @Test(arguments: [(240, 156), (600, 396), (900, 600)])
    func givenTheStormPhotoWhenEncodedByDefaultThenImageMagickSeesChafasQualityOrBetter(width: Int, height: Int) async throws {
        // Given storm.jpg (a smooth grey sky) scaled to the box as the thumbnail stage scales it
        let photo = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/storm.jpg"))
        // When it is encoded with the default options and decoded by ImageMagick
        let (source, decoded) = try await OffPool.run {
            let source = try ImageProcessor().thumbnail(photo, width: width, height: height, mode: .fill)
            return (source, try IndependentSixelDecoder.decode(try SixelEncoder().encode(source)))
        }
        // Then it is the same size, and at least as close to the photo as chafa's sixel
        #expect(decoded.width == width && decoded.height == height)
        let quality = try #require(decoded.quality(against: source))
        #expect(quality.psnr >= Self.chafaPSNR, "\(width)×\(height): \(quality)")
        #expect(quality.meanDeltaE <= Self.chafaMeanDeltaE, "\(width)×\(height): \(quality)")
        #expect(quality.p99DeltaE <= 8, "\(width)×\(height): \(quality)")
    }

    @Test func givenTheFixedPaletteWhenChosenThenItStillDecodesToThePicture() async throws {
        // Given a test card, when it is encoded with xterm's fixed palette and decoded by ImageMagick
        let (source, decoded) = try await OffPool.run {
            let source = TestImages.card(width: 240, height: 156)
            return (source, try IndependentSixelDecoder.decode(try SixelEncoder(options: SixelOptions(palette: .fixed)).encode(source)))
        }
        // Then the size is the same and each saturated block keeps its colour
        #expect(decoded.width == 240 && decoded.height == 156)
        for block in 0..<6 {
            let x = (block * 40 + 8)..<(block * 40 + 32), y = 8..<30
            let want = TestImages.mean(source, x: x, y: y), got = TestImages.mean(decoded, x: x, y: y)
            for channel in 0..<3 { #expect(abs(want[channel] - got[channel]) < 20, "block \(block) channel \(channel)") }
        }
    }
}
