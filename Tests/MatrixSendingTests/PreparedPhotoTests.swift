// PreparedPhotoTests: a photo made ready to send — the edited pixels, fitted into 2048 px unless the original is
// asked, never enlarged, a thumbnail within 800×600 — and its m.image content with the sizes announced.
import Foundation
import Imaging
import MatrixSending
import Testing

@Suite struct PreparedPhotoTests {
    /// A JPEG of `width` × `height`: red on the left half, blue on the right.
    private static func photo(width: Int, height: Int) throws -> Data {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for _ in 0..<height {
            for x in 0..<width { pixels += x < width / 2 ? [220, 30, 30, 255] : [30, 30, 220, 255] }
        }
        let bitmap = try #require(Bitmap(width: width, height: height, pixels: pixels))
        return try ImageProcessor().encode(bitmap, as: .jpeg(quality: 90))
    }

    @Test func aLargePhotoIsFittedInto2048AndItsThumbnailInto800By600() throws {
        let prepared = try PreparedPhoto.make(from: Self.photo(width: 4000, height: 3000))
        #expect((prepared.width, prepared.height) == (2048, 1536))
        #expect((prepared.thumbnailWidth, prepared.thumbnailHeight) == (800, 600))
        let info = try ImageProcessor().info(of: prepared.picture)
        #expect((info.width, info.height, info.format) == (2048, 1536, .jpeg))
        let thumbnail = try ImageProcessor().info(of: prepared.thumbnail)
        #expect((thumbnail.width, thumbnail.height) == (800, 600))
    }

    @Test func theOriginalSizeIsKeptWhenAskedAndASmallPhotoIsNeverEnlarged() throws {
        let original = try PreparedPhoto.make(from: Self.photo(width: 3000, height: 1000), original: true)
        #expect((original.width, original.height) == (3000, 1000))
        let small = try PreparedPhoto.make(from: Self.photo(width: 640, height: 480))
        #expect((small.width, small.height) == (640, 480))
        #expect(small.thumbnail == small.picture)
    }

    @Test func theEditsAreInThePixelsSent() throws {
        // Given a photo red on the left, blue on the right, cropped to its right half and turned a quarter
        let edit = ImageEdit(crop: try CropRect(x: 0.5, y: 0, width: 0.5, height: 1), rotation: .clockwise90)

        let prepared = try PreparedPhoto.make(from: Self.photo(width: 4000, height: 1000), edit: edit)

        // Then the picture is the blue half, standing: 1000 × 2000 fitted into 2048 stays 1000 × 2000
        #expect((prepared.width, prepared.height) == (1000, 2000))
        let pixels = try ImageProcessor().decode(prepared.picture)
        let middle = pixels[500, 1000]
        #expect(middle.blue > 180 && middle.red < 80)
    }

    @Test func theImageContentAnnouncesSizesAndGetsItsURLsWhenSent() throws {
        let prepared = try PreparedPhoto.make(from: Self.photo(width: 1600, height: 1200))
        let message = try MessageContent.image(prepared, filename: "cat.jpg", roomID: "!r")
        let sent = try MessageContent.completed(message.content, url: "mxc://s/a", thumbnailURL: "mxc://s/b")
        let object = try #require(try JSONSerialization.jsonObject(with: sent) as? [String: Any])
        let info = try #require(object["info"] as? [String: Any])
        let thumbnail = try #require(info["thumbnail_info"] as? [String: Any])
        #expect(object["msgtype"] as? String == "m.image" && object["body"] as? String == "cat.jpg" && object["url"] as? String == "mxc://s/a")
        #expect(info["w"] as? Int == 1600 && info["h"] as? Int == 1200 && info["mimetype"] as? String == "image/jpeg")
        #expect(info["size"] as? Int == prepared.picture.count && info["thumbnail_url"] as? String == "mxc://s/b")
        #expect(thumbnail["w"] as? Int == 800 && thumbnail["h"] as? Int == 600 && thumbnail["size"] as? Int == prepared.thumbnail.count)
        #expect(message.media?.picture == prepared.picture && message.media?.thumbnail == prepared.thumbnail)
        // The BlurHash of the half red, half blue picture: 4×3 components, red on the left, blue on the right
        let hash = try #require(info["xyz.amorgan.blurhash"] as? String)
        let decoded = try BlurHash(hash)
        #expect((decoded.componentsX, decoded.componentsY) == (4, 3))
        let standIn = decoded.bitmap(width: 32, height: 24)
        #expect(standIn[2, 12].red > standIn[2, 12].blue && standIn[29, 12].blue > standIn[29, 12].red)
    }
}
