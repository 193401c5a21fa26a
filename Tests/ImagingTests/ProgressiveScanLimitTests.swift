// ProgressiveScanLimitTests: a JPEG of thousands of scans — bogus repeats or a valid progression — is
// refused with a typed error within a bounded CPU time, by libjpeg's fast path and by libvips alike.
import CJPEGDirect
import Foundation
@testable import Imaging
import Testing

@Suite struct ProgressiveScanLimitTests {
    private let processor = ImageProcessor()

    /// CPU time of the calling thread, in seconds (the calls below run on it, start to end).
    private static func threadCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func cpuSeconds(_ body: () -> Void) -> Double {
        let start = threadCPUSeconds()
        body()
        return threadCPUSeconds() - start
    }

    @Test func givenThousandsOfRepeatedScansWhenThumbnailedThenATypedErrorComesWithinBoundedCPU() throws {
        // 2048×2048 grey, one AC scan and 40,000 copies of it (≈ 0.7 MB): each copy makes libjpeg warn and
        // decode 65,536 blocks again — 10+ s of CPU when the warnings were read only after every scan.
        let data = ProgressiveJPEGWriter.jpeg(width: 2048, height: 2048, components: 1,
                                              scans: ProgressiveJPEGWriter.repeatedScans(40_000))
        var direct: Bitmap?
        let directCPU = Self.cpuSeconds { direct = DirectJPEG.filledThumbnail(data, width: 64, height: 64, limits: ImageLimits()) }
        #expect(direct == nil)
        #expect(directCPU < 2, "libjpeg's fast path took \(directCPU) s of CPU")

        var outcome: Result<Bitmap, ImagingError>?
        let cpu = Self.cpuSeconds { outcome = Result { () throws(ImagingError) in try processor.thumbnail(data, width: 64, height: 64, mode: .fill) } }
        #expect(outcome.map { if case .failure(.tooManyScans(let count, 100)) = $0 { count == 40_002 } else { false } } == true,
                "\(String(describing: outcome))")
        #expect(cpu < 2, "the thumbnail took \(cpu) s of CPU")
    }

    @Test func givenTheFastPathWithoutTheScanCountWhenARepeatedScanWarnsThenItStopsAtOnce() throws {
        // The marker count is bypassed: the libjpeg decode itself must stop at the first warning.
        let data = ProgressiveJPEGWriter.jpeg(width: 2048, height: 2048, components: 1,
                                              scans: ProgressiveJPEGWriter.repeatedScans(40_000))
        var result: Int32 = 0
        let cpu = Self.cpuSeconds {
            var rgb: UnsafeMutablePointer<UInt8>?
            var picture = snapterm_jpeg_picture()
            result = data.withUnsafeBytes { raw in
                snapterm_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, 8, 1_000_000, 0, &rgb, &picture)
            }
            free(rgb)
            free(picture.icc)
        }
        #expect(result == Int32(SNAPTERM_JPEG_FAILED.rawValue))
        #expect(cpu < 2, "libjpeg took \(cpu) s of CPU")
    }

    @Test func givenAValidProgressionOfMoreScansThanTheLimitWhenDecodedThenItIsRefusedByCount() throws {
        // 3 × 882 legal scans: libjpeg reads them without a warning; only the scan limit stops them.
        let data = ProgressiveJPEGWriter.jpeg(width: 64, height: 48, components: 3, scans: ProgressiveJPEGWriter.validScans(components: 3))
        #expect(DirectJPEG.filledThumbnail(data, width: 32, height: 24, limits: ImageLimits()) == nil)
        #expect(throws: ImagingError.tooManyScans(count: 2_647, limit: 100)) {
            try processor.thumbnail(data, width: 32, height: 24, mode: .fill)
        }
        #expect(throws: ImagingError.tooManyScans(count: 2_647, limit: 100)) { try processor.decode(data) }
        // The same file within a larger limit is a good picture: the refusal is the count's alone.
        let lenient = ImageProcessor(limits: ImageLimits(maxScans: 3_000))
        let picture = try lenient.thumbnail(data, width: 32, height: 24, mode: .fill)
        #expect((picture.width, picture.height) == (32, 24))
    }

    @Test func givenTheLibjpegMadeFixtureWhenDecodedThenTheScanLimitNamesItsScans() throws {
        // Tests/Fixtures/imaging/bad/many-scans.jpg: 2,112 legal scans written by libjpeg itself
        // (scripts/fixtures/many-scans.c).
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/imaging/bad/many-scans.jpg").standardized
        let data = try Data(contentsOf: url)
        #expect(throws: ImagingError.tooManyScans(count: 2_112, limit: 100)) { try processor.thumbnail(data, width: 16, height: 16, mode: .fill) }
        #expect(throws: ImagingError.tooManyScans(count: 2_112, limit: 100)) { try processor.info(of: data) }
        #expect("\(ImagingError.tooManyScans(count: 2_112, limit: 100))".contains("2112 scans, more than the 100-scan limit"))
    }

    @Test func givenOrdinaryPhotosWhenCountedThenTheyAreFarBelowTheLimit() throws {
        let photo = try processor.encode(TestImages.quadrants(width: 64, height: 48), as: .jpeg(quality: 90))
        #expect(try processor.thumbnail(photo, width: 32, height: 24, mode: .fill).width == 32)
        let scans = photo.withUnsafeBytes { raw in snapterm_jpeg_scan_count(raw.bindMemory(to: UInt8.self).baseAddress, raw.count) }
        #expect(scans == 1)
    }
}
