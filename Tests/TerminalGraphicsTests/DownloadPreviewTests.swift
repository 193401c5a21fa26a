// While a web photo downloads, its thumbnail load reports a preview made from the bytes so far — the photo's EXIF
// thumbnail once the EXIF block is in, or a progressive JPEG's first whole scans — before the thumbnail itself;
// a source that arrives whole gets none.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite(.serialized) struct DownloadPreviewTests {
    private let box = ThumbnailBox(columns: 12, rows: 4, mode: .symbols, colors: .truecolor)

    /// The thumbnail of `path` on a server sending `body` in 8 pieces 250 ms apart: the previews reported before
    /// the thumbnail, and the thumbnail.
    private func load(_ body: Data) async throws -> (previews: [Data], thumbnail: Data) {
        let server = try await TestHTTPServer(routes: ["/photo.jpg": .respond(body: body, chunks: 8, delay: .milliseconds(250))])
        let base = try SchemeLoader(handlers: [HTTPSchemeHandler()])
        let thumbnails = try SchemeLoader(handlers: [ThumbnailSchemeHandler(base: base, encoder: ThumbnailEncoder())])
        var previews: [Data] = []
        var thumbnail: Data?
        for try await event in thumbnails.events(for: LoadRequest(url: ThumbnailURL(source: server.url("/photo.jpg"), box: box).url)) {
            switch event {
            case .progress(let progress): if let preview = progress.preview { previews.append(preview) }
            case .completed(let result): thumbnail = result.data
            }
        }
        await base.shutdown()
        await server.stop()
        return (previews, try #require(thumbnail))
    }

    /// The mean of the 24-bit colours in text art.
    private func meanColour(_ art: Data) -> (red: Double, green: Double, blue: Double) {
        let text = String(decoding: art, as: UTF8.self)
        let colours = text.matches(of: /[34]8;2;(\d+);(\d+);(\d+)/).map { (Double($0.1)!, Double($0.2)!, Double($0.3)!) }
        let count = Double(max(1, colours.count))
        return (colours.map(\.0).reduce(0, +) / count, colours.map(\.1).reduce(0, +) / count, colours.map(\.2).reduce(0, +) / count)
    }

    @Test func aPhotosEXIFThumbnailShowsWhileThePhotoDownloads() async throws {
        // Given a 96 KB-or-so red photo carrying a blue EXIF thumbnail, sent slowly
        var noise = SystemRandomNumberGenerator()
        var bitmap = Bitmap(width: 640, height: 480, filledWith: RGBA(red: 220, green: 20, blue: 20))
        for y in stride(from: 0, to: 480, by: 2) { for x in stride(from: 0, to: 640, by: 2) {
            bitmap[x, y] = RGBA(red: UInt8.random(in: 180...255, using: &noise), green: UInt8.random(in: 0...40, using: &noise), blue: 20)
        } }
        let processor = ImageProcessor()
        let main = try processor.encode(bitmap, as: .jpeg(quality: 95))
        let thumbnail = try processor.encode(Bitmap(width: 160, height: 120, filledWith: RGBA(red: 20, green: 20, blue: 230)), as: .jpeg(quality: 90))
        let photo = EXIFThumbnailPhoto.make(main: main, thumbnail: thumbnail)
        try #require(photo.count > 64 << 10, "long enough to arrive in several pieces of more than the 8 KiB between two looks")
        // When its thumbnail loads
        let (previews, final) = try await load(photo)
        // Then a preview in the EXIF thumbnail's blue came before the thumbnail in the photo's red
        let preview = try #require(previews.first)
        #expect(meanColour(preview).blue > meanColour(preview).red)
        #expect(meanColour(final).red > meanColour(final).blue)
        #expect(TerminalPicture(encoded: preview) != nil)
    }

    @Test func aProgressiveJPEGsFirstScansShowWhileTheRestDownloads() async throws {
        // Given a progressive JPEG (no EXIF thumbnail), sent slowly
        let photo = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/coffee-320-progressive.jpg"))
        // When its thumbnail loads
        let (previews, final) = try await load(photo)
        // Then a preview of the whole picture, blurred but in its colours, came first
        let preview = try #require(previews.first)
        #expect(TerminalPicture(encoded: preview) != nil)
        let (a, b) = (meanColour(preview), meanColour(final))
        #expect(abs(a.red - b.red) < 40 && abs(a.green - b.green) < 40 && abs(a.blue - b.blue) < 40, "\(a) against \(b)")
    }

    @Test func aBaselineJPEGWithoutAThumbnailHasNoPreview() async throws {
        let photo = try ImageProcessor().encode(Bitmap(width: 640, height: 480, filledWith: RGBA(red: 90, green: 90, blue: 90)), as: .jpeg(quality: 100))
        #expect(try await load(photo + Data(count: 0)).previews.isEmpty)
    }
}
