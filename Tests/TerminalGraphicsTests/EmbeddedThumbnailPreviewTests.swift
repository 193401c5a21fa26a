// A preview thumbnail (`embedded=1`) of a photo carrying an EXIF thumbnail is made from that small picture, not from
// the photo: a phone photo's stand-in costs microseconds; a photo without one has no preview (no second decode).
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite struct EmbeddedThumbnailPreviewTests {
    private let source = URL(string: "mock://photos/phone.jpg")!
    private let box = ThumbnailBox(columns: 8, rows: 4, mode: .symbols, colors: .truecolor)

    /// Text art of `url` through one loader of a mock serving `photo`.
    private func textArt(of photo: Data, fromEmbeddedThumbnail: Bool) async throws -> String {
        let mock = MockSchemeHandler()
        mock.stub(source, with: MockResponse(data: photo, mimeType: "image/jpeg"))
        let thumbnails = try SchemeLoader(handlers: [mock, ThumbnailSchemeHandler(encoder: ThumbnailEncoder())])
        let url = ThumbnailURL(source: source, box: box, fromEmbeddedThumbnail: fromEmbeddedThumbnail).url
        return String(decoding: try await thumbnails.data(for: url).data, as: UTF8.self)
    }

    private func photo(withThumbnail: Bool) throws -> Data {
        let processor = ImageProcessor()
        let main = try processor.encode(Bitmap(width: 64, height: 48, filledWith: RGBA(red: 230, green: 0, blue: 0)), as: .jpeg(quality: 95))
        guard withThumbnail else { return main }
        let thumbnail = try processor.encode(Bitmap(width: 16, height: 12, filledWith: RGBA(red: 0, green: 0, blue: 230)), as: .jpeg(quality: 95))
        return EXIFThumbnailPhoto.make(main: main, thumbnail: thumbnail)
    }

    /// Whether the text art's 24-bit colours are mostly blue (the thumbnail) rather than red (the photo).
    private func isBlue(_ art: String) throws -> Bool {
        let colours = art.matches(of: /[34]8;2;(\d+);(\d+);(\d+)/).map { (Int($0.1)!, Int($0.2)!, Int($0.3)!) }
        try #require(!colours.isEmpty, "24-bit colours in the text art")
        return colours.filter { $0.2 > $0.0 }.count > colours.count / 2
    }

    @Test func aPreviewOfAPhotoWithAnEXIFThumbnailIsMadeFromTheThumbnail() async throws {
        let photo = try photo(withThumbnail: true)
        #expect(try isBlue(try await textArt(of: photo, fromEmbeddedThumbnail: true)))
        // while the thumbnail proper is made from the photo itself
        #expect(try !isBlue(try await textArt(of: photo, fromEmbeddedThumbnail: false)))
    }

    @Test func aPhotoWithoutOneHasNoPreviewRatherThanASecondDecode() async throws {
        let plain = try photo(withThumbnail: false)
        await #expect {
            _ = try await textArt(of: plain, fromEmbeddedThumbnail: true)
        } throws: { error in
            guard case LoadError.handlerFailed(_, let reason)? = error as? LoadError else { return false }
            return reason.contains("no EXIF thumbnail")
        }
        // while its thumbnail proper is made as always
        #expect(try !isBlue(try await textArt(of: plain, fromEmbeddedThumbnail: false)))
    }

    @Test func theFlagIsPartOfTheKeyAndReadsBack() throws {
        let preview = ThumbnailURL(source: source, box: box, fromEmbeddedThumbnail: true)
        #expect(preview.url != ThumbnailURL(source: source, box: box).url)
        #expect(try ThumbnailURL(url: preview.url) == preview)
        #expect(try !ThumbnailURL(url: ThumbnailURL(source: source, box: box).url).fromEmbeddedThumbnail)
    }
}
