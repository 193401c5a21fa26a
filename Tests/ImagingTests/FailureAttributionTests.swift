// FailureAttributionTests: a libvips failure is blamed on the picture only when the picture itself
// does not decode; a processing mistake on a sound picture is reported as a processing failure.
import Foundation
import Imaging
import Testing

@Suite struct FailureAttributionTests {
    private let processor = ImageProcessor()

    @Test func aFailureWhileEditingASoundPhotoIsAProcessingFailure() throws {
        // Given a sound JPEG and the failure libvips once gave for a turn read out of order
        let jpeg = try processor.encode(TestImages.quadrants(width: 200, height: 120), as: .jpeg(quality: 90))
        let failure = ImagingError.processingFailed(operation: "write_to_memory", reason: "VipsJpeg: out of order read at line 1600")
        // When it is attributed
        let attributed = processor.attribute(failure, to: jpeg)
        // Then it stays a processing failure: the photo is not called damaged
        #expect(attributed == failure)
        #expect(!attributed.description.contains("damaged"))
    }

    @Test func aFailureOnAPictureThatDoesNotDecodeBlamesThePicture() throws {
        // Given a JPEG cut short inside its header (it opens, but its pixels cannot be read)
        let jpeg = try processor.encode(TestImages.quadrants(width: 200, height: 120), as: .jpeg(quality: 90))
        let truncated = jpeg.prefix(300)
        // When a processing failure on it is attributed
        let attributed = processor.attribute(.processingFailed(operation: "write_to_memory", reason: "whatever"), to: truncated)
        // Then the picture is called damaged, with the JPEG decoder's own reason
        guard case .corrupt(.jpeg, let reason) = attributed else {
            Issue.record("expected corrupt JPEG, got \(attributed)")
            return
        }
        #expect(reason.contains("VipsJpeg"), "\(reason)")
    }

    @Test func aLoadersComplaintAboutALaterFrameBlamesThePicture() throws {
        // Given a GIF whose first frame decodes and a later one does not, and the failure libvips gave for it
        let gif = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/imaging/bad/three-frames-spoiled-lzw.gif"))
        let failure = ImagingError.processingFailed(operation: "thumbnail", reason: "gifload_buffer: Invalid frame data")
        // When it is attributed
        let attributed = processor.attribute(failure, to: gif)
        // Then the picture is called damaged, with the loader's words
        #expect(attributed == .corrupt(format: .gif, reason: "gifload_buffer: Invalid frame data"))
        #expect(attributed.description.contains("the GIF picture is damaged"))
    }

    @Test func otherErrorsPassThroughUnchanged() throws {
        let png = try processor.encode(TestImages.quadrants(width: 20, height: 20), as: .png)
        for error in [ImagingError.emptyInput, .invalidRotation(degrees: 45), .encodingFailed(format: "image/png", reason: "disk full")] {
            #expect(processor.attribute(error, to: png) == error)
        }
    }

    @Test func aTurnedRenderAtAttachmentSizeNeitherFailsNorBlamesThePhoto() throws {
        // Given the size of the shipped photo that failed ("out of order read at line 1600")
        let jpeg = try processor.encode(TestImages.quadrants(width: 2560, height: 1600), as: .jpeg(quality: 80))
        // When it is turned at the width attachments use, then it renders
        for rotation in [ImageRotation.clockwise90, .halfTurn, .clockwise270] {
            let picture = try processor.render(jpeg, width: 1280, height: nil, edit: ImageEdit(rotation: rotation))
            #expect(picture.width == 1280)
        }
    }
}
