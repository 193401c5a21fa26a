// PartialJPEG: a progressive JPEG's prefix with a whole scan decodes to the whole picture, blurred; a baseline JPEG's
// prefix never counts as one; bytes that do not start as a JPEG have no image data, whatever markers they hold.
import Foundation
@testable import Imaging
import TestSupport
import Testing

struct PartialJPEGTests {
    private static let progressive = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/coffee-320-progressive.jpg")

    @Test func aProgressivePrefixWithAWholeScanDecodesToTheWholePicture() throws {
        let photo = try Data(contentsOf: Self.progressive)
        #expect(PartialJPEG.isProgressive(photo))
        // The first 256-byte step of the download that holds a whole scan, cut where its last scan begins
        let arrived = try #require((1...photo.count / 256).map { photo.prefix($0 * 256) }.first(where: PartialJPEG.hasWholeScan))
        #expect(arrived.count < photo.count / 2, "a preview long before the end (\(arrived.count) of \(photo.count) bytes)")
        #expect(!PartialJPEG.hasWholeScan(photo.prefix(arrived.count - 256)))
        let prefix = try #require(PartialJPEG.wholeScans(of: arrived))
        #expect(prefix.count < arrived.count && arrived.starts(with: prefix))
        #expect(prefix.suffix(2) != Data([0xFF, 0xDA]), "cut before the next scan's marker")
        // decodes at the picture's size, in its colours
        let processor = ImageProcessor()
        let (blurred, sharp) = (try processor.thumbnail(prefix, width: 64, height: 40, mode: .fit),
                                try processor.thumbnail(photo, width: 64, height: 40, mode: .fit))
        #expect(blurred.width == sharp.width && blurred.height == sharp.height)
        let (a, b) = (blurred[32, 20], sharp[32, 20])
        #expect(abs(Int(a.red) - Int(b.red)) < 60 && abs(Int(a.green) - Int(b.green)) < 60)
    }

    @Test func everyPrefixOfADownloadCutToItsWholeScansDecodes() throws {
        let photo = try Data(contentsOf: Self.progressive)
        let prefixes = stride(from: 512, to: photo.count, by: 512).compactMap { PartialJPEG.wholeScans(of: photo.prefix($0)) }
        #expect(prefixes.count > 10)
        for prefix in prefixes {
            let picture = try ImageProcessor().thumbnail(prefix, width: 32, height: 20, mode: .fit)
            #expect(picture.width == 30 || picture.height == 20)
        }
    }

    @Test func aBaselineJPEGIsNeverAPreview() throws {
        let baseline = try ImageProcessor().encode(Bitmap(width: 64, height: 48, filledWith: RGBA(red: 9, green: 9, blue: 9)), as: .jpeg(quality: 80))
        #expect(!PartialJPEG.isProgressive(baseline))
        #expect(!PartialJPEG.hasWholeScan(baseline))
        #expect(PartialJPEG.imageDataHasBegun(baseline))
        #expect(!PartialJPEG.imageDataHasBegun(baseline.prefix(20)))
        #expect(!PartialJPEG.hasWholeScan(Data()) && !PartialJPEG.isProgressive(Data("GIF89a".utf8)))
    }

    @Test func bytesThatDoNotStartAsAJPEGHaveNoImageData() throws {
        // Given a JPEG whose start-of-image marker is replaced: its other markers, a scan's included, are all there
        var notJPEG = try ImageProcessor().encode(Bitmap(width: 64, height: 48, filledWith: RGBA(red: 9, green: 9, blue: 9)), as: .jpeg(quality: 80))
        notJPEG.replaceSubrange(0..<2, with: [0x49, 0x49])
        #expect(notJPEG.withUnsafeBytes { DirectJPEG.scanCount($0) } >= 1)
        // Then its image data has not begun: it is no JPEG
        #expect(!PartialJPEG.imageDataHasBegun(notJPEG))
    }
}
