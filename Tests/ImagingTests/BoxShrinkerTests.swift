// BoxShrinkerTests: box_shrinker (CDirectDecoders) averages rows down by a whole factor to the rounded mean of each
// block, the last row and column of blocks cut short; a picture split into bands of rows averaged on threads of
// their own gives the very bytes one shrinker gives; and LanczosReduction over the averaged pixels' true extent
// draws what it draws from the whole picture.
import CDirectDecoders
import Foundation
@testable import Imaging
import TestSupport
import Testing

@Suite struct BoxShrinkerTests {
    /// `width × height` RGB pixels of a fixed pseudo-random sequence (so any misplaced row or block shows).
    static func pixels(width: Int, height: Int) -> [UInt8] {
        var state: UInt32 = 0x9E37_79B9
        return (0..<width * height * 3).map { _ in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
    }

    /// Each `shrink × shrink` block's rounded mean (fewer at the right and bottom edges), channel by channel.
    static func blockMeans(_ rgb: [UInt8], width: Int, height: Int, shrink: Int) -> [UInt8] {
        let (outWidth, outHeight) = ((width + shrink - 1) / shrink, (height + shrink - 1) / shrink)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                let rows = y * shrink..<min(height, (y + 1) * shrink), columns = x * shrink..<min(width, (x + 1) * shrink)
                let count = rows.count * columns.count
                for channel in 0..<3 {
                    let sum = rows.reduce(0) { sum, row in columns.reduce(sum) { $0 + Int(rgb[(row * width + $1) * 3 + channel]) } }
                    out[(y * outWidth + x) * 3 + channel] = UInt8((sum + count / 2) / count)
                }
            }
        }
        return out
    }

    /// What a filler reads: the picture, and which bands it was asked for (each band writes its own flag).
    private struct Source {
        let rgb: UnsafePointer<UInt8>, width: Int
        let bands: UnsafeMutablePointer<Int32>
        /// The band whose filler fails (none when -1).
        let failing: Int32
    }

    /// The shrinker's output for `rgb` filled through box_shrinker_fill for `threads` threads (`unit`: the rows a
    /// band should start at a multiple of), and the bands it was filled in; `nil` pixels when the fill failed.
    static func shrunk(
        _ rgb: [UInt8], width: Int, height: Int, shrink: Int, threads: Int, unit: Int = 1, failing: Int32 = -1
    ) -> (pixels: [UInt8]?, bands: Int) {
        var whole = box_shrinker()
        #expect(box_shrinker_start(&whole, Int32(width), Int32(height), Int32(shrink)) == 1)
        var bands = [Int32](repeating: 0, count: 64)
        let filled = rgb.withUnsafeBufferPointer { rgb in
            bands.withUnsafeMutableBufferPointer { bands in
                var source = Source(rgb: rgb.baseAddress!, width: width, bands: bands.baseAddress!, failing: failing)
                return box_shrinker_fill(&whole, Int32(threads), Int32(unit), { context, band, shrinker in
                    let source = context!.assumingMemoryBound(to: Source.self).pointee
                    source.bands[Int(band)] = 1
                    guard band != source.failing else { return 0 }
                    for row in Int(shrinker!.pointee.row)..<Int(shrinker!.pointee.end_row) {
                        box_shrinker_add(shrinker, source.rgb + row * source.width * 3)
                    }
                    return 1
                }, &source)
            }
        }
        let count = bands.reduce(0) { $0 + Int($1) }
        guard filled == 1 else {
            box_shrinker_abandon(&whole)
            return (nil, count)
        }
        guard let out = box_shrinker_finish(&whole) else { return (nil, count) }
        defer { free(out) }
        return (Array(UnsafeBufferPointer(start: out, count: Int(whole.out_width) * Int(whole.out_height) * 3)), count)
    }

    @Test(arguments: [(1280, 800, 2, 128), (1283, 801, 3, 128), (700, 900, 1, 1), (2000, 301, 7, 16), (513, 1100, 4, 1), (1100, 700, 17, 1)])
    func bandsOnThreadsGiveTheBlockMeansOneShrinkerGives(width: Int, height: Int, shrink: Int, unit: Int) {
        // Given pixels whose blocks all differ
        let rgb = Self.pixels(width: width, height: height)
        let expected = Self.blockMeans(rgb, width: width, height: height, shrink: shrink)
        // When shrunk on one thread, then on 2, 3 and 4
        let one = Self.shrunk(rgb, width: width, height: height, shrink: shrink, threads: 1)
        #expect(one.pixels == expected, "\(width)×\(height) ÷ \(shrink)")
        #expect(one.bands == 1)
        for threads in 2...4 {
            let banded = Self.shrunk(rgb, width: width, height: height, shrink: shrink, threads: threads, unit: unit)
            // Then every split gives the same bytes, in as many bands as the pixels allow (one per 2^18)
            #expect(banded.pixels == expected, "\(width)×\(height) ÷ \(shrink), \(threads) threads")
            #expect(banded.bands == min(threads, width * height / Int(BOX_SHRINKER_BAND_PIXELS)), "\(width)×\(height), \(threads) threads")
        }
    }

    @Test func aSmallPictureIsFilledInOneBand() {
        let rgb = Self.pixels(width: 300, height: 300)
        let filled = Self.shrunk(rgb, width: 300, height: 300, shrink: 2, threads: 4)  // 90,000 pixels
        #expect(filled.bands == 1)
        #expect(filled.pixels == Self.blockMeans(rgb, width: 300, height: 300, shrink: 2))
    }

    @Test func aBandThatFailsFailsTheFill() {
        // Given 1,000 × 1,000 pixels in three bands, when the second band's filler fails (or the first's)
        let rgb = Self.pixels(width: 1000, height: 1000)
        for failing: Int32 in [1, 0] {
            let filled = Self.shrunk(rgb, width: 1000, height: 1000, shrink: 2, threads: 3, failing: failing)
            // Then the fill fails, after every band was asked for
            #expect(filled.pixels == nil, "band \(failing) failing")
            #expect(filled.bands == 3)
        }
    }

    @Test func aLargeFactorsMeanIsRoundedExactly() {
        // Given 1,200 × 1,200 pixels of 255 but one of 0, averaged by 600: sums of 91,799,745 in blocks of 360,000
        var rgb = [UInt8](repeating: 255, count: 1200 * 1200 * 3)
        rgb[0] = 0
        // Then the block with the dark pixel rounds to 255 in that channel too (91,799,745 / 360,000 = 254.999…)
        #expect(Self.shrunk(rgb, width: 1200, height: 1200, shrink: 600, threads: 1).pixels == [UInt8](repeating: 255, count: 12))
        // and a half rounds up: (1 + 0) / 2 → 1
        #expect(Self.shrunk([1, 1, 1, 0, 0, 0], width: 2, height: 1, shrink: 2, threads: 1).pixels == [1, 1, 1])
    }

    @Test func anAveragedPictureReducedOverItsTrueExtentIsNotStretched() throws {
        // Given 1,000 × 600 pixels of fine waves (83 and 71 pixels long), averaged by 9: 112 × 67 pixels that stand
        // for 111.1 × 66.7
        let (width, height, shrink) = (1000, 600, 9)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let wave = sin(2 * Double.pi * Double(x) / 83) * cos(2 * Double.pi * Double(y) / 71)
                rgb[(y * width + x) * 3] = UInt8(128 + 100 * wave)
                rgb[(y * width + x) * 3 + 1] = UInt8(x * 255 / width)
                rgb[(y * width + x) * 3 + 2] = UInt8(128 - 100 * wave)
            }
        }
        let averaged = try #require(Self.shrunk(rgb, width: width, height: height, shrink: shrink, threads: 1).pixels)
        let (outWidth, outHeight) = ((width + shrink - 1) / shrink, (height + shrink - 1) / shrink)
        // When reduced to 50 × 30 over that extent, and over 112 × 67
        let direct = try #require(rgb.withUnsafeBufferPointer { LanczosReduction.filled(rgb: $0, width: width, height: height, toWidth: 50, height: 30) })
        let (exact, stretched) = try averaged.withUnsafeBufferPointer { averaged in
            (try #require(LanczosReduction.filled(rgb: averaged, width: outWidth, height: outHeight, toWidth: 50, height: 30, covering: (50, 30),
                                                  extent: (Double(width) / Double(shrink), Double(height) / Double(shrink)))),
             try #require(LanczosReduction.filled(rgb: averaged, width: outWidth, height: outHeight, toWidth: 50, height: 30, covering: (50, 30))))
        }
        // Then the first is the picture reduced whole, nearly, and closer to it than the stretched one
        let (exactPSNR, stretchedPSNR) = (exact.psnr(against: direct), stretched.psnr(against: direct))
        #expect(exactPSNR >= 40, "\(exactPSNR) dB")
        #expect(exactPSNR >= stretchedPSNR + 3, "\(exactPSNR) against \(stretchedPSNR) dB stretched")
    }
}
