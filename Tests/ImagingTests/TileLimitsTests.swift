// TileLimitsTests: a HEIF grid of 10,000 tiles and a TIFF of 191,844 tiny tiles (18–30 s and 10 s of CPU when
// decoded) are refused from their boxes or directory with `tooManyTiles` — the typed error proves the bound
// fired before any decoding —, while ordinary tiled pictures still decode; the parsers survive any bytes.
import Foundation
@testable import Imaging
import TestSupport
import Testing

@Suite struct TileLimitsTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/imaging").standardized

    private func fixture(_ path: String) throws -> Data {
        try Data(contentsOf: Self.fixtures.appendingPathComponent(path))
    }

    /// Every entry point, each attempt's outcome.
    private func attempts(_ bytes: Data, _ processor: ImageProcessor = ImageProcessor()) -> [Result<Int, ImagingError>] {
        [
            Result { () throws(ImagingError) in try processor.info(of: bytes).width },
            Result { () throws(ImagingError) in try processor.decode(bytes).width },
            Result { () throws(ImagingError) in try processor.thumbnail(bytes, width: 64, height: 64, mode: .fill).width },
            Result { () throws(ImagingError) in try processor.thumbnail(bytes, width: 64, height: 64, mode: .fit).width },
            Result { () throws(ImagingError) in try processor.render(bytes, width: 64, height: nil).width },
        ]
    }

    @Test(arguments: [("grid-10000-tiles.heic", ImageFormat.heif, 6_400), ("grid-10000-tiles-bad-size.heic", .heif, 6_401),
                      ("grid-10000-tiles.avif", .avif, 6_400)])
    func givenAHEIFGridOf10000Tiles_whenRead_thenRefusedBeforeDecoding(name: String, format: ImageFormat, width: Int) throws {
        // Given a 6400×6400 grid (41 MP: under the pixel limit) of 10,000 64×64 tiles, HEVC or AV1
        let grid = try fixture("bad/\(name)")
        // When every entry point reads it, then each refuses it for its tiles (625 allowed: one per 256×256)
        let expected = ImagingError.tooManyTiles(format: format, count: 10_000, width: width, height: 6_400, limit: 625)
        for attempt in attempts(grid) {
            #expect(attempt == .failure(expected))
        }
        #expect(expected.description.contains("10000 tiles"))
    }

    @Test func givenAGridOfGrids_whenRead_thenItsTilesAreCountedThroughBothLevels() throws {
        // Given a 2×2 grid naming one 50×50 grid four times: 6 references, 10,000 tiles decoded, in 5 KB
        let grid = try fixture("bad/grid-of-grids-10000-tiles.heic")
        #expect(grid.count < 10_000)
        // Then it is refused like the flat grid of 10,000 tiles
        let expected = ImagingError.tooManyTiles(format: .heif, count: 10_000, width: 6_400, height: 6_400, limit: 625)
        for attempt in attempts(grid) {
            #expect(attempt == .failure(expected))
        }
    }

    @Test func givenATIFFOf191844TinyTiles_whenRead_thenRefusedBeforeDecoding() throws {
        // Given 7008×7008 grey pixels in 16×16 tiles
        let tiff = try fixture("bad/tiles-191844.tif")
        // Then every entry point refuses it (one tile per 64×64 pixels allowed: 11,990)
        let expected = ImagingError.tooManyTiles(format: .tiff, count: 191_844, width: 7_008, height: 7_008, limit: 11_990)
        for attempt in attempts(tiff) {
            #expect(attempt == .failure(expected))
        }
    }

    @Test func givenAPyramidWhosePageIsOfTinyTiles_whenRead_thenRefusedBeforeDecoding() throws {
        // Given a 7008×7008 page in one strip, then the 3504×3504 level libvips' thumbnail decodes, in 16×16 tiles
        let tiff = try fixture("bad/pyramid-page-of-47961-tiles.tif")
        #expect(tiff.withUnsafeBytes { TIFFTileLayout.all($0) } == [TIFFTileLayout(width: 3_504, height: 3_504, tiles: 47_961)])
        // Then every entry point refuses it for that page's tiles
        let expected = ImagingError.tooManyTiles(format: .tiff, count: 47_961, width: 3_504, height: 3_504, limit: 2_997)
        for attempt in attempts(tiff) {
            #expect(attempt == .failure(expected))
        }
    }

    @Test func givenTheHostileFiles_whenRefused_thenTheCallingThreadSpendsWellUnderASecond() throws {
        // The refusal reads the structure on the calling thread (libheif and libtiff never start): its CPU time,
        // this thread's alone (other suites run meanwhile), against a generous bound — 18–30 s when decoded
        for name in ["grid-10000-tiles.heic", "grid-of-grids-10000-tiles.heic", "grid-10000-tiles.avif", "tiles-191844.tif"] {
            let bytes = try fixture("bad/\(name)")
            let start = Self.threadCPUSeconds()
            let outcome = Result { () throws(ImagingError) in try ImageProcessor().thumbnail(bytes, width: 64, height: 64, mode: .fit) }
            let spent = Self.threadCPUSeconds() - start
            guard case .failure(.tooManyTiles) = outcome else { Issue.record("\(name): \(outcome)"); continue }
            #expect(spent < 1, "\(name): \(spent) s of CPU")
        }
    }

    /// The calling thread's CPU time, in seconds.
    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @Test func givenOrdinaryTiledPictures_whenRead_thenTheyDecode() throws {
        // Given a 2×2 HEIF grid and a TIFF of 256 tiles, both within their limits
        let grid = try fixture("good/grid-2x2-128x128.heic")
        let items = try #require(try grid.withUnsafeBytes { raw throws(ImagingError) in try HEIFItems(raw, format: .heif) })
        #expect(items.derivedImageCount == 4 && items.primarySize == HEIFItems.Size(width: 128, height: 128))
        #expect(try ImageProcessor().decode(grid).width == 128)
        let tiff = try fixture("good/tiles-256-of-16x16.tif")
        #expect(tiff.withUnsafeBytes { TIFFTileLayout($0) } == TIFFTileLayout(width: 256, height: 256, tiles: 256))
        #expect(try ImageProcessor().decode(tiff).width == 256)
        // And a plain HEIC is a grid of one tile (libheif 1.15 codes 64×64 and crops it to 64×48 through a grid item);
        // a plain TIFF is in strips
        let heic = try fixture("good/quadrants-64x48.heic")
        #expect(try heic.withUnsafeBytes { raw throws(ImagingError) in try HEIFItems(raw, format: .heif) }?.derivedImageCount == 1)
        #expect(try fixture("good/quadrants-64x48.tif").withUnsafeBytes { TIFFTileLayout($0) } == nil)
    }

    @Test func givenTheLimits_thenCameraGridsPass() {
        let limits = ImageLimits()
        #expect(limits.allowedHEIFTiles(width: 4_032, height: 3_024) >= 48)      // a 12 MP iPhone photo: 512×512 tiles
        #expect(limits.allowedHEIFTiles(width: 16_320, height: 12_240) >= 763)   // 200 MP in 512×512 tiles
        #expect(limits.allowedHEIFTiles(width: 128, height: 128) == 64)
        #expect(limits.allowedTIFFTiles(width: 7_008, height: 7_008) >= (7_008 / 128 + 1) * (7_008 / 128 + 1))
        #expect(limits.allowedHEIFTiles(width: Int.max, height: 2) == 1_024)
    }

    @Test(arguments: ["good/grid-2x2-128x128.heic", "good/quadrants-64x48.heic", "good/quadrants-64x48.avif",
                      "good/tiles-256-of-16x16.tif", "good/quadrants-64x48.tif"])
    func givenAnyCutOrMutatedStructure_whenParsed_thenAResultOrCorrupt(name: String) throws {
        // Given every prefix and 3,000 seeded mutations of a small tiled or plain picture
        let original = Array(try fixture(name).prefix(4_096))
        var inputs = (0...original.count).map { Array(original.prefix($0)) }
        var random = SeededGenerator(seed: 36)
        for _ in 0..<3_000 {
            var mutated = original
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                mutated[Int.random(in: 0..<mutated.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
            inputs.append(mutated)
        }
        // When each is parsed, then it ends in facts or a `corrupt` error, never a trap or a read past the end
        for input in inputs {
            input.withUnsafeBytes { raw in
                _ = TIFFTileLayout(raw)
                _ = TIFFTileLayout.all(raw)
                do throws(ImagingError) {
                    _ = try HEIFItems(raw, format: .heif)
                } catch {
                    guard case .corrupt = error else { Issue.record("\(name): \(error)"); return }
                }
            }
        }
    }
}
