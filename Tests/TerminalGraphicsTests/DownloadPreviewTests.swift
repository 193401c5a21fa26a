// While a web photo downloads, its thumbnail load reports previews made from the bytes so far — the photo's EXIF
// thumbnail once the EXIF block is in, or a progressive JPEG's whole scans, sharper as more arrive — before the
// thumbnail itself; a baseline JPEG without an EXIF thumbnail gets none.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite(.serialized) struct DownloadPreviewTests {
    /// The suite's own workers: on the shared ones a preview would wait behind every other suite's encodes, and a
    /// stalled download times out first on a loaded machine.
    private static let workers = WorkerPool(threads: 2, nicenessIncrement: 0)
    private let box = ThumbnailBox(columns: 12, rows: 4, mode: .symbols, colors: .truecolor)

    /// The first preview the thumbnail load of `body` reports while its server has sent the first `sent` bytes
    /// and then stalls (so the preview cannot lose a race with the rest of the download on a loaded machine).
    private func firstPreview(of body: Data, sent: Int) async throws -> Data? {
        let server = try await TestHTTPServer(routes: ["/photo.jpg": .stallAfter(prefix: body.prefix(sent), declaredLength: body.count)])
        let thumbnails = try SchemeLoader(handlers: [HTTPSchemeHandler(), ThumbnailSchemeHandler(encoder: ThumbnailEncoder(), workers: Self.workers)])
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
        await thumbnails.shutdown()
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

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/vips"), "needs vips (libvips-tools)"))
    func aProgressiveJPEGSharpensAsItsScansArrive() async throws {
        // Given a progressive JPEG of a shipped photo (made by libvips), sent in 24 pieces 120 ms apart
        let folder = try TemporaryDirectory()
        let made = folder.appending("progressive.jpg")
        let source = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg").path
        let vips = try await OffPool.run { try Spawn.run("/usr/bin/vips", ["copy", source, made.path + "[Q=90,interlace,strip]"]) }
        try #require(vips.status == 0, "\(vips.output)")
        let photo = try Data(contentsOf: made)
        let server = try await TestHTTPServer(routes: ["/photo.jpg": .respond(body: photo, chunks: 24, delay: .milliseconds(120))])
        let thumbnails = try SchemeLoader(handlers: [HTTPSchemeHandler(), ThumbnailSchemeHandler(encoder: ThumbnailEncoder(), workers: Self.workers)])
        let kitty = ThumbnailBox(columns: 12, rows: 4, mode: .kitty)
        // When its thumbnail loads to the end
        var previews: [Data] = [], final: Data?
        for try await event in thumbnails.events(for: LoadRequest(url: ThumbnailURL(source: server.url("/photo.jpg"), box: kitty).url)) {
            switch event {
            case .progress(let progress): if let preview = progress.preview { previews.append(preview) }
            case .completed(let loaded): final = loaded.data
            }
        }
        await thumbnails.shutdown()
        await server.stop()
        // Then several previews came, a few and not one a piece, each nearer the picture than the one before
        #expect((2...6).contains(previews.count), "\(previews.count) previews of a \(photo.count)-byte photo")
        let picture = try #require(final.flatMap(Self.pixels))
        let errors = try previews.map { try #require(Self.pixels(of: $0)).meanDifference(from: picture) }
        #expect(errors == errors.sorted(by: >) && errors.last! < errors.first!, "differences from the picture: \(errors)")
    }

    /// The pixels of a kitty-mode thumbnail (a PNG).
    private static func pixels(of encoded: Data) -> Bitmap? {
        guard case .kitty(let png, _, _) = TerminalPicture(encoded: encoded) else { return nil }
        return try? ImageProcessor().decode(png)
    }

    @Test func aBaselineJPEGWithoutAThumbnailHasNoPreview() async throws {
        // Given a baseline JPEG without an EXIF thumbnail, sent in 8 pieces 100 ms apart
        let photo = try ImageProcessor().encode(Bitmap(width: 640, height: 480, filledWith: RGBA(red: 90, green: 90, blue: 90)), as: .jpeg(quality: 100))
        let server = try await TestHTTPServer(routes: ["/photo.jpg": .respond(body: photo, chunks: 8, delay: .milliseconds(100))])
        let thumbnails = try SchemeLoader(handlers: [HTTPSchemeHandler(), ThumbnailSchemeHandler(encoder: ThumbnailEncoder(), workers: Self.workers)])
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
        await thumbnails.shutdown()
        await server.stop()
    }
}

private extension Bitmap {
    /// The mean absolute difference of the red, green and blue of each pixel from `other`'s (of the same size).
    func meanDifference(from other: Bitmap) -> Double {
        guard width == other.width, height == other.height else { return .infinity }
        var total = 0
        for y in 0..<height { for x in 0..<width {
            let (a, b) = (self[x, y], other[x, y])
            total += abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
        } }
        return Double(total) / Double(3 * width * height)
    }
}
