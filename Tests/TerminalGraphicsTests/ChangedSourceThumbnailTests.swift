// A thumbnail follows its source: a replaced or rewritten file:// picture shows the new picture —
// in the same process and after a restart over the same disk cache — and a no-store source's
// thumbnail never reaches the disk.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite struct ChangedSourceThumbnailTests {
    /// The files under `root` and their thumbnails, in one loader (as the app's), with its disk cache in `disk`.
    private struct Loaders {
        let thumbnails: SchemeLoader
        func shutdown() async {
            await thumbnails.shutdown()
        }
    }

    private func loaders(root: URL, disk: URL) throws -> Loaders {
        Loaders(thumbnails: try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [root]), ThumbnailSchemeHandler()],
                                             configuration: SchemeLoaderConfiguration(diskDirectory: disk)))
    }

    private func png(_ colour: RGBA) async throws -> Data {
        try await OffPool.run { try ImageProcessor().encode(Bitmap(width: 96, height: 64, filledWith: colour), as: .png) }
    }

    /// The sixel thumbnail of `file` as a loader with an empty cache makes it now.
    private func fresh(_ file: URL, root: URL, box: ThumbnailBox) async throws -> Data {
        let scratch = try TemporaryDirectory()
        let clean = try loaders(root: root, disk: scratch.url)
        defer { Task { await clean.shutdown() } }
        return try await clean.thumbnails.data(for: ThumbnailURL(source: file, box: box).url).data
    }

    @Test func aReplacedFileShowsTheNewPictureNowAndAfterARestart() async throws {
        // Given a red picture rendered as sixel, cached in memory and on disk
        let root = try TemporaryDirectory()
        let disk = try TemporaryDirectory()
        let file = root.appending("t.png")
        try await png(RGBA(red: 220, green: 20, blue: 20)).write(to: file)
        let box = ThumbnailBox(columns: 8, rows: 3, mode: .sixel)
        let url = ThumbnailURL(source: file, box: box).url
        let first = try loaders(root: root.url, disk: disk.url)
        let red = try await first.thumbnails.data(for: url)

        // When the file is replaced by a blue picture (write elsewhere, rename over it)
        try await png(RGBA(red: 20, green: 20, blue: 220)).write(to: root.appending("new.png"))
        #expect(rename(root.appending("new.png").path, file.path) == 0)

        // Then the same process renders the blue one, and so does a restart over the same cache
        let expected = try await fresh(file, root: root.url, box: box)
        #expect(expected != red.data)
        let again = try await first.thumbnails.data(for: url)
        #expect(again.data == expected)
        await first.shutdown()
        let restarted = try loaders(root: root.url, disk: disk.url)
        let afterRestart = try await restarted.thumbnails.data(for: url)
        #expect(afterRestart.data == expected)
        await restarted.shutdown()
    }

    @Test func aFileRewrittenInPlaceShowsTheNewPicture() async throws {
        // Given a green picture rendered as sixel and cached on disk
        let root = try TemporaryDirectory()
        let disk = try TemporaryDirectory()
        let file = root.appending("same.png")
        try await png(RGBA(red: 20, green: 200, blue: 20)).write(to: file)
        let box = ThumbnailBox(columns: 8, rows: 3, mode: .sixel)
        let first = try loaders(root: root.url, disk: disk.url)
        let before = try await first.thumbnails.data(for: ThumbnailURL(source: file, box: box).url)
        await first.shutdown()

        // When its bytes are overwritten in place (same inode: truncate and write)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: try await png(RGBA(red: 220, green: 220, blue: 20)))
        try handle.close()

        // Then a restart renders the new picture instead of serving the old disk copy
        let restarted = try loaders(root: root.url, disk: disk.url)
        let after = try await restarted.thumbnails.data(for: ThumbnailURL(source: file, box: box).url)
        #expect(after.source == .handler)
        #expect(after.data != before.data)
        #expect(after.data == (try await fresh(file, root: root.url, box: box)))
        await restarted.shutdown()
    }

    @Test func aNoStoreSourceNeverReachesTheDisk() async throws {
        // Given an HTTP picture served with Cache-Control: no-store
        let body = try await png(RGBA(red: 120, green: 30, blue: 160))
        let server = try await TestHTTPServer(routes: [
            "/private.png": .respond(headers: [("Content-Type", "image/png"), ("Cache-Control", "no-store")], body: body)])
        let disk = try TemporaryDirectory()
        let thumbnails = try SchemeLoader(handlers: [HTTPSchemeHandler(), ThumbnailSchemeHandler()],
                                          configuration: SchemeLoaderConfiguration(diskDirectory: disk.appending("thumbs")))

        // When its sixel thumbnail is loaded twice
        let url = ThumbnailURL(source: server.url("/private.png"), box: ThumbnailBox(columns: 8, rows: 3, mode: .sixel)).url
        _ = try await thumbnails.data(for: url)
        let second = try await thumbnails.data(for: url)

        // Then nothing was written to the disk cache (neither picture nor thumbnail), and the second load asked the server again
        #expect(await thumbnails.diskCache?.usage.count == 0)
        #expect(second.source == .handler)
        #expect(server.requestCount("/private.png") == 2)
        await thumbnails.shutdown()
        await server.stop()
    }
}
