// BadFileCorpusTests: damaged, hostile and huge inputs end in a typed error or a picture — never a
// crash, never more than a few hundred MB. Every input that ever crashed stays in Fixtures/imaging/bad.
import Foundation
import Imaging
import TestSupport
import Testing

@Suite struct BadFileCorpusTests {
    private let processor = ImageProcessor()

    /// What the corpus expects of one input.
    enum Outcome: Sendable { case refusedAsTooLarge, unsupported, empty, errorOrPicture }

    /// The corpus, built once per run.
    static func corpus() throws -> [(name: String, bytes: Data, outcome: Outcome)] {
        try cached.get()
    }

    private static let cached = Result { try build() }

    /// The corpus, built deterministically from hand-made and libvips-encoded pictures.
    private static func build() throws -> [(name: String, bytes: Data, outcome: Outcome)] {
        let processor = ImageProcessor()
        let photo = TestImages.quadrants(width: 96, height: 64)
        let jpeg = try processor.encode(photo, as: .jpeg(quality: 90))
        let png = try processor.encode(photo, as: .png)
        let grey = PNGWriter.greyGradient(width: 16, height: 16)
        var badCRC = grey
        badCRC[29] ^= 0xFF // the IHDR CRC
        var badIDATCRC = grey
        badIDATCRC[badIDATCRC.count - 13] ^= 0xFF // the IDAT CRC, just before IEND
        let garbageZlib = PNGWriter.png(width: 16, height: 16, idat: [0x78, 0x01] + (0..<64).map { UInt8(($0 * 37 + 11) % 256) })
        let huge = UInt32(1) << 31
        // 30000 × 30000 one-bit grey: 113 MB of zero bytes in a ~0.7 MB stream; 900 MB once expanded to 8 bits.
        let bomb = PNGWriter.png(width: 30_000, height: 30_000, bitDepth: 1, idat: PNGWriter.zlibZeros(count: 30_000 * (1 + 3_750)))
        let hugeScreenGIF: [UInt8] = Array("GIF89a".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0x80, 0, 0, 0, 0, 0, 255, 255, 255,
            0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B]
        var corpus: [(String, Data, Outcome)] = [
            ("truncated.jpg", jpeg.prefix(jpeg.count / 2), .errorOrPicture),
            ("header-only.jpg", jpeg.prefix(300), .errorOrPicture),
            ("truncated.png", png.prefix(png.count / 2), .errorOrPicture),
            ("truncated-in-header.png", png.prefix(20), .errorOrPicture),
            ("bad-signature.png", Data([0x89, 0x51] + png.dropFirst(2)), .unsupported),
            ("bad-ihdr-crc.png", Data(badCRC), .errorOrPicture),
            ("bad-idat-crc.png", Data(badIDATCRC), .errorOrPicture),
            ("bad-zlib.png", Data(garbageZlib), .errorOrPicture),
            ("claims-2^31x2^31.png", Data(PNGWriter.png(width: huge, height: huge, idat: PNGWriter.zlibStored([0]))), .errorOrPicture),
            ("bomb-30000x30000.png", Data(bomb), .refusedAsTooLarge),
            // libnsgif sizes the picture by its frames, not the 65535×65535 screen: a 1×1 picture.
            ("huge-screen.gif", Data(hugeScreenGIF), .errorOrPicture),
            ("empty.jpg", Data(), .empty),
            ("text.jpg", Data("This is not a picture, only text in a file named .jpg\n".utf8), .unsupported),
        ]
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/imaging/bad").standardized
        for name in (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path))?.sorted() ?? [] where !name.hasSuffix(".md") {
            corpus.append((name, try Data(contentsOf: fixtures.appendingPathComponent(name)), .errorOrPicture))
        }
        return corpus
    }

    @Test func everyBadInputEndsInATypedErrorOrAPicture() async throws {
        let corpus = try Self.corpus()
        // When each entry point meets each input — on a thread of its own, since it waits for the
        // memory budget (measured alone: no big-picture test runs meanwhile, and the peak counts from here)
        let (outcomes, residentAtStart, peak) = try await OffPool.run {
            TestImages.memoryBudget.lock()
            defer { TestImages.memoryBudget.unlock() }
            TestImages.resetPeakResident()
            let residentAtStart = TestImages.residentMegabytes()
            let processor = ImageProcessor()
            let outcomes = corpus.map { name, bytes, outcome -> (String, Outcome, [Result<Int, ImagingError>]) in
                (name, outcome, [
                    Result { () throws(ImagingError) in try processor.info(of: bytes).width },
                    Result { () throws(ImagingError) in try processor.decode(bytes).width },
                    Result { () throws(ImagingError) in try processor.thumbnail(bytes, width: 64, height: 64, mode: .fill).width },
                    Result { () throws(ImagingError) in try processor.render(bytes, width: 64, height: nil, edit: ImageEdit(filter: .sepia)).width },
                ] + (AnimationDecoder.mayBeAnimated(bytes) ? [  // anything else is no animation, without an error
                    Result { () throws(ImagingError) in try AnimationDecoder(processor: processor).decode(bytes, width: 64, height: 64)?.frames.count ?? 1 },
                ] : []))
            }
            return (outcomes, residentAtStart, TestImages.peakResidentMegabytes())
        }
        // Then the outcome is the expected one (typed throws: anything thrown is an ImagingError)
        for (name, outcome, attempts) in outcomes {
            for attempt in attempts {
                switch (outcome, attempt) {
                case (.refusedAsTooLarge, .failure(.tooManyPixels)), (.unsupported, .failure(.unsupportedFormat)),
                     (.empty, .failure(.emptyInput)), (.errorOrPicture, _):
                    break
                default:
                    Issue.record("\(name): expected \(outcome), got \(attempt)")
                }
                if case .failure(let error) = attempt { #expect(!error.description.isEmpty) }
            }
        }
        // The peak is process-wide (other suites run meanwhile), so the bound is on the growth: a
        // decompression bomb decoded instead of refused would need gigabytes.
        let growth = peak - residentAtStart
        #expect(growth < 300, "peak RSS grew by \(growth) MB from \(residentAtStart) MB")
    }

    @Test func aGIFWithAHugeScreenDecodesToItsSmallFrame() throws {
        let gif = try #require(try Self.corpus().first { $0.name == "huge-screen.gif" })
        let picture = try processor.decode(gif.bytes)
        #expect(picture.width * picture.height <= 65_535, "\(picture.width)×\(picture.height)")
    }

    @Test func theBombIsRefusedFromItsHeaderAlone() throws {
        let bomb = try #require(try Self.corpus().first { $0.name.hasPrefix("bomb") })
        #expect(bomb.bytes.count < 1_000_000)
        #expect(throws: ImagingError.tooManyPixels(width: 30_000, height: 30_000, limit: 50_000_000)) {
            try processor.decode(bomb.bytes)
        }
        // A higher limit is honoured: the header then passes the check.
        let generous = ImageProcessor(limits: ImageLimits(maxPixels: 2_000_000_000))
        #expect(try generous.info(of: bomb.bytes).width == 30_000)
    }

    @Test func aSmallLimitRefusesOrdinaryPictures() throws {
        let png = try processor.encode(TestImages.quadrants(width: 100, height: 100), as: .png)
        let strict = ImageProcessor(limits: ImageLimits(maxPixels: 9_999))
        #expect(throws: ImagingError.tooManyPixels(width: 100, height: 100, limit: 9_999)) { try strict.decode(png) }
    }
}
