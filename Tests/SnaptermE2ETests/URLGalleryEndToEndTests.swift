// End to end in tmux (text-art mode): `snapterm URL PATH` and `snapterm --list FILE` open a gallery of
// web pictures (a loopback server) and files: names under text-art thumbnails, Enter shows one as large
// as the screen, → the next, Esc back; a bad list line is named on standard error, the others still open.
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct URLGalleryEndToEndTests {
    /// A loopback server with a JPEG at `/web/a.jpg`, and a PNG file `b.png` in the fixture's `elsewhere/`
    /// (outside every allowed folder: the user names it).
    private func pictures(_ fixture: E2EFixture) async throws -> (server: TestHTTPServer, png: URL) {
        let photos = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos")
        let server = try await TestHTTPServer(routes: [
            "/web/a.jpg": .respond(headers: [("Content-Type", "image/jpeg")], body: try Data(contentsOf: photos.appendingPathComponent("coffee.jpg"))),
        ])
        let png = fixture.folder.appending("elsewhere/b.png")
        try FileManager.default.createDirectory(at: png.deletingLastPathComponent(), withIntermediateDirectories: true)
        let made = try await CommandRunner.run(["render", "--cols", "40", "--rows", "20", "-o", png.path,
                                                photos.appendingPathComponent("ladybird.jpg").path],
                                               environment: ["XDG_CACHE_HOME": fixture.folder.appending("cache").path])
        #expect(made.status == 0, "\(made.stderr)")
        return (server, png)
    }

    /// Waits for both thumbnails, checks they are text art with their names under them, then Enter,
    /// →, Esc and q.
    private func browse(_ fixture: E2EFixture, title: String) async throws {
        try await fixture.tmux.waitFor("[\(title)]")
        let grid = try await fixture.tmux.waitFor { $0.contains { $0.contains("blank 0/2") } && $0.contains { $0.contains("1 of 2") } }
        let captionRow = try #require(grid.firstIndex { $0.contains("▶ a.jpg") && $0.contains("b.png") }, "\(grid)")
        let coloured = try await fixture.tmux.screenWithAttributes()[captionRow - 6..<captionRow]
        #expect(coloured.allSatisfy { $0.contains("38;") || $0.contains("48;") }, "six rows of coloured text art above the names")

        try await fixture.tmux.send("Enter")
        try await fixture.tmux.waitFor { $0.contains { $0.contains("1 of 2 · a.jpg") } && $0.contains { $0.contains("blank 0/1") } }
        try await fixture.tmux.send("Right")
        try await fixture.tmux.waitFor { $0.contains { $0.contains("2 of 2 · b.png") } && $0.contains { $0.contains("blank 0/1") } }
        try await fixture.tmux.send("Escape")
        try await fixture.tmux.waitFor { $0.contains { $0.contains("▶ b.png") } }
        try await fixture.tmux.send("q")
        try await fixture.tmux.waitFor("EXIT=0")
    }

    @Test func aURLAndAPathOpenAsAGallery() async throws {
        // Given a web picture and a PNG file elsewhere
        let fixture = try E2EFixture()
        let (server, png) = try await pictures(fixture)
        // When snapterm is started with both
        try await fixture.start("'\(server.url("/web/a.jpg"))' '\(png.path)' --graphics symbols")
        // Then they show as a gallery and open large
        try await browse(fixture, title: "Pictures")
        #expect(server.requestCount("/web/a.jpg") >= 1)
        #expect(try await fixture.terminalIsRestored())
        await server.stop()
    }

    @Test func aListFileOpensAsAGalleryAndItsBadLineIsNamed() async throws {
        // Given a list beside the PNG: a comment, the URL, an unsupported scheme, the PNG by a relative path
        let fixture = try E2EFixture()
        let (server, png) = try await pictures(fixture)
        let list = png.deletingLastPathComponent().appendingPathComponent("pics.txt")
        try Data("# pictures\n\(server.url("/web/a.jpg"))\nftp://example.com/c.jpg\nb.png\n".utf8).write(to: list)
        // When snapterm is started in the list's folder with the list
        try await fixture.tmux.run("cd '\(list.deletingLastPathComponent().path)'")
        try await fixture.start("--list pics.txt --graphics symbols")
        // Then the good lines show as a gallery, and the bad one was named by its number
        try await browse(fixture, title: "pics.txt")
        try await fixture.tmux.waitFor("pics.txt line 3: unsupported scheme 'ftp'")
        #expect(try await fixture.terminalIsRestored())
        await server.stop()
    }

    @Test func aListOnStandardInputOpensWithKeysFromTheTerminal() async throws {
        // Given the list piped in
        let fixture = try E2EFixture()
        let (server, png) = try await pictures(fixture)
        let list = fixture.folder.appending("pics.txt")
        try Data("\(server.url("/web/a.jpg"))\n\(png.path)\n".utf8).write(to: list)
        // When snapterm reads it from standard input
        try await fixture.start("--list - --graphics symbols < '\(list.path)'")
        // Then the gallery opens and answers keys from the terminal
        try await browse(fixture, title: "standard input")
        #expect(try await fixture.terminalIsRestored())
        await server.stop()
    }
}

/// A web gallery whose server drops every connection says so in a few words in the cell (never the network
/// library's text), and shows the picture by itself once the server answers again.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct URLGalleryServerBackEndToEndTests {
    @Test func aPictureWhoseServerWasGoneShowsOnceItIsBack() async throws {
        // Given a server that resets every connection to the picture
        let fixture = try E2EFixture()
        let jpeg = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg"))
        let server = try await TestHTTPServer(routes: ["/web/a.jpg": .closeAfter(prefix: Data(), declaredLength: jpeg.count, reset: true)])
        try await fixture.start("'\(server.url("/web/a.jpg"))' '\(server.url("/web/a.jpg"))?copy=2' --graphics symbols")
        // Then the cells say the server cannot be reached, in two words, with no error text of the network library
        let failed = try await fixture.tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("server unreachable") } }
        #expect(!failed.joined().contains("errno") && !failed.joined().contains("descriptor"), "\(failed)")
        // When the server answers again
        server.setRoute("/web/a.jpg", to: .respond(headers: [("Content-Type", "image/jpeg")], body: jpeg))
        // Then both pictures land with no key pressed (retried by themselves)
        try await fixture.tmux.waitFor(timeout: .seconds(90)) {
            !$0.joined().contains("server unreachable") && $0.contains { $0.contains("blank 0/2") }
        }
        try await fixture.tmux.send("q")
        try await fixture.tmux.waitFor("EXIT=0")
        await server.stop()
    }
}
