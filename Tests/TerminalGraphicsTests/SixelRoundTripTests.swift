// SixelRoundTripTests: sixel output decodes back to the encoded size with the source's colours.
import Foundation
import Imaging
import TerminalGraphics
import TestSupport
import Testing

@Suite struct SixelRoundTripTests {
    @Test(arguments: [SixelPalette.adaptive, .fixed])
    func sixelDecodesBackToTheSizeAndColoursOfTheSource(palette: SixelPalette) async throws {
        // Given a 240×156 test card, when it is encoded and decoded with libsixel's decoder
        let (source, decoded) = try await OffPool.run {
            let source = TestImages.card(width: 240, height: 156)
            return (source, try SixelDecoder.decode(try SixelEncoder(options: SixelOptions(palette: palette)).encode(source)))
        }
        // Then the size is the same and colours are close: overall and in each saturated block
        #expect(decoded.width == 240 && decoded.height == 156)
        let psnr = decoded.psnr(against: source)
        #expect(psnr > (palette == .adaptive ? 26 : 20), "PSNR \(psnr) dB")
        for block in 0..<6 {
            let x = (block * 40 + 8)..<(block * 40 + 32), y = 8..<30
            let want = TestImages.mean(source, x: x, y: y), got = TestImages.mean(decoded, x: x, y: y)
            for channel in 0..<3 { #expect(abs(want[channel] - got[channel]) < 20, "block \(block) channel \(channel)") }
        }
    }

    @Test func sixelIsOneCompleteSevenBitDCSSequence() throws {
        let sixel = try SixelEncoder().encode(TestImages.card(width: 48, height: 36))
        #expect(sixel.starts(with: Data("\u{1B}P".utf8)))
        #expect(sixel.suffix(2) == Data("\u{1B}\\".utf8))
        #expect(!sixel.contains { $0 >= 0x80 })
    }

    @Test func decodingGarbageIsATypedError() {
        #expect(throws: TerminalGraphicsError.self) { try SixelDecoder.decode(Data("not sixel".utf8)) }
    }

    @Test func autoPaletteIsAdaptiveForSmallImagesAndFixedForLargeOnes() {
        let options = SixelOptions()
        #expect(options.resolvedPalette(width: 240, height: 156) == .adaptive)
        #expect(options.resolvedPalette(width: 480, height: 318) == .adaptive)
        #expect(options.resolvedPalette(width: 960, height: 636) == .fixed)
        #expect(SixelOptions(palette: .fixed).resolvedPalette(width: 24, height: 12) == .fixed)
    }
}
