// SixelRoundTripTests: sixel output is one 7-bit DCS sequence of the encoded size with the source's colours;
// transparent pixels are left unpainted and say so (P2 = 1).
import Foundation
import Imaging
import TerminalGraphics
import TestSupport
import Testing

@Suite(.enabled(if: IndependentSixelDecoder.isAvailable, "needs ImageMagick (scripts/common.sh installs it)"))
struct SixelRoundTripTests {
    @Test func givenATestCardWhenEncodedThenImageMagickDecodesItsSizeAndColours() async throws {
        // Given a 240×156 test card, when it is encoded and decoded by ImageMagick
        let (source, decoded) = try await OffPool.run {
            let source = TestImages.card(width: 240, height: 156)
            return (source, try IndependentSixelDecoder.decode(try SixelEncoder().encode(source)))
        }
        // Then the size is the same and colours are close: overall and in each saturated block
        #expect(decoded.width == 240 && decoded.height == 156)
        let psnr = decoded.psnr(against: source)
        #expect(psnr > 35, "PSNR \(psnr) dB")
        for block in 0..<6 {
            let x = (block * 40 + 8)..<(block * 40 + 32), y = 8..<30
            let want = TestImages.mean(source, x: x, y: y), got = TestImages.mean(decoded, x: x, y: y)
            for channel in 0..<3 { #expect(abs(want[channel] - got[channel]) < 6, "block \(block) channel \(channel)") }
        }
    }

    @Test func sixelIsOneCompleteSevenBitDCSSequence() throws {
        let sixel = try SixelEncoder().encode(TestImages.card(width: 48, height: 36))
        #expect(sixel.starts(with: Data("\u{1B}P0;0;0q\"1;1;48;36".utf8)))
        #expect(sixel.suffix(2) == Data("\u{1B}\\".utf8))
        #expect(!sixel.contains { $0 >= 0x80 })
    }

    @Test func givenTransparentPixelsWhenEncodedThenTheyAreNotPaintedAndP2IsOne() throws {
        // Given a 2×6 bitmap: a transparent column beside a red one
        var bitmap = Bitmap(width: 2, height: 6, filledWith: RGBA(red: 255, green: 0, blue: 0))
        for y in 0..<6 { bitmap[0, y] = RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
        // When it is encoded
        let sixel = String(decoding: try SixelEncoder().encode(bitmap), as: UTF8.self)
        // Then P2 = 1 (keep the background), one colour register (red, in percent), and column 0 blank ("?")
        #expect(sixel == "\u{1B}P0;1;0q\"1;1;2;6#0;2;100;0;0#0?~\u{1B}\\")
    }

    @Test func givenAnAnimationFrameWhenEncodedWithoutTransparencyThenEveryPixelIsPaintedOverBlack() throws {
        // Given the same transparent-and-red bitmap, drawn in place over a frame before it
        var bitmap = Bitmap(width: 2, height: 6, filledWith: RGBA(red: 255, green: 0, blue: 0))
        for y in 0..<6 { bitmap[0, y] = RGBA(red: 0, green: 0, blue: 0, alpha: 0) }
        // When it is encoded without transparency
        let sixel = String(decoding: try SixelEncoder(options: SixelOptions(transparency: false)).encode(bitmap), as: UTF8.self)
        // Then P2 = 0 and column 0 is painted black: nothing of the frame before shows through
        #expect(sixel.hasPrefix("\u{1B}P0;0;0q\"1;1;2;6"), "\(sixel.debugDescription)")
        #expect(sixel == "\u{1B}P0;0;0q\"1;1;2;6#0;2;0;0;0#1;2;100;0;0#0~$#1?~\u{1B}\\", "\(sixel.debugDescription)")
    }

    @Test func givenColoursWhenDefinedThenEachRegisterHoldsTheNearestWholePercent() throws {
        // A register holds whole percent: 128 is 50 % (shown as 128), 1 is 0 %, 254 is 100 %
        let sixel = String(decoding: try SixelEncoder().encode(Bitmap(width: 1, height: 1, filledWith: RGBA(red: 128, green: 1, blue: 254))),
                           as: UTF8.self)
        #expect(sixel.contains("#0;2;50;0;100"), "\(sixel.debugDescription)")
    }

    @Test func autoPaletteIsAdaptiveAtEverySize() {
        let options = SixelOptions()
        #expect(options.resolvedPalette(width: 240, height: 156) == .adaptive)
        #expect(options.resolvedPalette(width: 960, height: 636) == .adaptive)
        #expect(SixelOptions(palette: .fixed).resolvedPalette(width: 24, height: 12) == .fixed)
    }
}
