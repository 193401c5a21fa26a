// While a web photo downloads, its thumbnail load reports a preview made from the bytes so far — the photo's EXIF
// thumbnail once the EXIF block is in, or a progressive JPEG's first whole scans — before the thumbnail itself;
// a baseline JPEG without an EXIF thumbnail gets none.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite(.serialized) struct DownloadPreviewTests {
    private let box = ThumbnailBox(columns: 12, rows: 4, mode: .symbols, colors: .truecolor)

    /// The first preview the thumbnail load of `body` reports while its server has sent the first `sent` bytes
    /// and then stalls (so the preview cannot lose a race with the rest of the download on a loaded machine).
    private func firstPreview(of body: Data, sent: Int) async throws -> Data? {
        let server = try await TestHTTPServer(routes: ["/photo.jpg": .stallAfter(prefix: body.prefix(sent), declaredLength: body.count)])
        let base = try SchemeLoader(handlers: [HTTPSchemeHandler()])
        let thumbnails = try SchemeLoader(handlers: [ThumbnailSchemeHandler(base: base, encoder: ThumbnailEncoder())])
        var preview: Data?
        do {
            for try await event in thumbnails.events(for: LoadRequest(url: ThumbnailURL(source: server.url("/photo.jpg"), box: box).url)) {
                if case .progress(let progress) = event, let made = progress.preview {
                    preview = made
                    break  // (ends the load)
                }
            }
        } catch {
            Issue.record("the load ended without a preview: \(error)")
        }
        await base.shutdown()
        await server.stop()
        return preview
    }

    /// The thumbnail of the whole `photo`, as the load makes it in the end.
    private func thumbnail(of photo: Data) throws -> Data { try ThumbnailEncoder().encode(photo, for: box).encoded }

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
        let small = try processor.encode(Bitmap(width: 160, height: 120, filledWith: RGBA(red: 20, green: 20, blue: 230)), as: .jpeg(quality: 90))
        let photo = EXIFThumbnailPhoto.make(main: main, thumbnail: small)
        try #require(photo.count > 64 << 10, "much longer than what has arrived")
        // When its thumbnail loads and the first 20 KiB (the EXIF block and more) have arrived
        let preview = try #require(try await firstPreview(of: photo, sent: 20 << 10))
        // Then a preview in the EXIF thumbnail's blue is shown, where the thumbnail will be the photo's red
        #expect(meanColour(preview).blue > meanColour(preview).red)
        let final = try thumbnail(of: photo)
        #expect(meanColour(final).red > meanColour(final).blue)
        #expect(TerminalPicture(encoded: preview) != nil)
    }

    @Test func aProgressiveJPEGsFirstScansShowWhileTheRestDownloads() async throws {
        // Given a progressive JPEG (no EXIF thumbnail)
        let photo = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/coffee-320-progressive.jpg"))
        // When its thumbnail loads and half of it has arrived
        let preview = try #require(try await firstPreview(of: photo, sent: photo.count / 2))
        // Then a preview of the whole picture, blurred but in its colours, is shown
        #expect(TerminalPicture(encoded: preview) != nil)
        let (a, b) = (meanColour(preview), meanColour(try thumbnail(of: photo)))
        #expect(abs(a.red - b.red) < 40 && abs(a.green - b.green) < 40 && abs(a.blue - b.blue) < 40, "\(a) against \(b)")
    }

    @Test func aBaselineJPEGWithoutAThumbnailHasNoPreview() async throws {
        // Given a baseline JPEG without an EXIF thumbnail, sent in 8 pieces 100 ms apart
        let photo = try ImageProcessor().encode(Bitmap(width: 640, height: 480, filledWith: RGBA(red: 90, green: 90, blue: 90)), as: .jpeg(quality: 100))
        let server = try await TestHTTPServer(routes: ["/photo.jpg": .respond(body: photo, chunks: 8, delay: .milliseconds(100))])
        let base = try SchemeLoader(handlers: [HTTPSchemeHandler()])
        let thumbnails = try SchemeLoader(handlers: [ThumbnailSchemeHandler(base: base, encoder: ThumbnailEncoder())])
        // When its thumbnail loads to the end
        var previews = 0, completed = false
        for try await event in thumbnails.events(for: LoadRequest(url: ThumbnailURL(source: server.url("/photo.jpg"), box: box).url)) {
            switch event {
            case .progress(let progress): if progress.preview != nil { previews += 1 }
            case .completed: completed = true
            }
        }
        // Then it reported none: nothing of it could stand in before the whole was there
        #expect(completed && previews == 0)
        await base.shutdown()
        await server.stop()
    }
}
