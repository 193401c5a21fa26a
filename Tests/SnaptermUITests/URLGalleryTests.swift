// A gallery of web pictures through the real loaders: http URLs served on loopback become text-art
// thumbnails named by their last path segment (percent-decoded, control characters made visible);
// Enter shows one large, → the next, Esc the grid again with the same pictures.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing
import Thumbnails

@MainActor
@Suite struct URLGalleryTests {
    @Test func webPicturesShowNamedByTheirLastSegmentAndOpenLarge() async throws {
        // Given a loopback web server with two photos, the second's name percent-encoded with a space and an ESC
        let photo = try Data(contentsOf: FolderFixtures.photo)
        let server = try await TestHTTPServer(routes: ["/pics/a.jpg": .respond(body: photo),
                                                       "/pics/my%20b%1B.jpg": .respond(body: photo)])
        let thumbnails = try SchemeLoader(handlers: [HTTPSchemeHandler(), ThumbnailSchemeHandler()])
        let pictures = PictureList(name: "Pictures", entries: [GalleryEntry(url: server.url("/pics/a.jpg")),
                                                               GalleryEntry(url: server.url("/pics/my%20b%1B.jpg"))])

        // When the gallery of their URLs opens
        let screen = GalleryScreen(pictures: pictures, loader: thumbnails,
                                   box: ThumbnailBox(columns: 18, rows: 6, mode: .symbols, colors: .truecolor),
                                   viewerBox: ThumbnailBox(columns: 1, rows: 1, mode: .symbols, colors: .truecolor))
        screen.layout(in: FolderFixtures.area)

        // Then both load from the server as text art, named safely under the pictures
        #expect(await UIFixtures.eventually { screen.placeholderCount == (0, 2) })
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        let placed = screen.draw(on: canvas, area: FolderFixtures.area, options: DrawOptions())
        #expect(placed.count == 2)
        guard case .text(let art)? = placed.first?.picture else { Issue.record("expected text art"); return }
        #expect(art.count == 6)
        let text = canvas.lines.joined(separator: "\n")
        #expect(text.contains("▶ a.jpg") && text.contains("my b^[.jpg"), "\(text)")
        #expect(!text.contains("\u{1B}"))
        #expect(server.requestCount("/pics/a.jpg") == 1)

        // And Enter shows the first large, → the second, Esc the grid on the second
        #expect(screen.handle(.enter) == .none)
        #expect(screen.viewing == 0 && screen.title == "Pictures › a.jpg")
        #expect(await UIFixtures.eventually { screen.placeholderCount == (0, 1) })
        _ = screen.handle(.right)
        #expect(screen.viewing == 1)
        #expect(await UIFixtures.eventually { screen.placeholderCount == (0, 1) })
        _ = screen.handle(.escape)
        #expect(screen.viewing == nil && screen.selected == 1 && screen.entries == pictures.entries)

        await thumbnails.shutdown()
        await server.stop()
    }

    @Test func aURLIsNamedByItsLastSegmentElseItsHostElseItsText() {
        #expect(GalleryEntry.displayName(of: URL(string: "https://example.com/a/caf%C3%A9%20au%20lait.jpg?w=1")!) == "café au lait.jpg")
        #expect(GalleryEntry.displayName(of: URL(string: "https://example.com/")!) == "example.com")
        #expect(GalleryEntry.displayName(of: URL(string: "https://example.com/bad%FF.jpg")!) == "bad%FF.jpg")
        #expect(GalleryEntry.displayName(of: URL(string: "map://?lat=60&lon=24")!) == "map://?lat=60&lon=24")
        #expect(GalleryEntry.displayName(of: URL(fileURLWithPath: "/tmp/my photos/é 1.png")) == "é 1.png")
    }
}
