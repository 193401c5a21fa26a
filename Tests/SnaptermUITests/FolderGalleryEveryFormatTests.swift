// The folder gallery through the real loaders lists a picture of every format Imaging reads and draws
// each one's thumbnail — HEIC, AVIF, TIFF and BMP beside JPEG, PNG, GIF and WebP — and JPEG XL where
// libvips trusts its loader (else its cell says it failed).
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing
import Thumbnails

@MainActor
@Suite struct FolderGalleryEveryFormatTests {
    static let good = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good")

    @Test func aFolderWithOneOfEachFormatShowsThemAll() async throws {
        // Given a folder with one picture of each format
        let folder = try TemporaryDirectory(prefix: "snapterm-formats")
        let files = [("1.jpg", "assets/photos/coffee.jpg"), ("2.png", "Tests/Fixtures/imaging/good/coffee-160x120.png"),
                     ("3.gif", "assets/photos/animated-samples.gif"), ("4.webp", "Tests/Fixtures/imaging/good/quadrants-32x24.webp"),
                     ("5.heic", "Tests/Fixtures/imaging/good/quadrants-64x48.heic"), ("6.avif", "Tests/Fixtures/imaging/good/quadrants-64x48.avif"),
                     ("7.tif", "Tests/Fixtures/imaging/good/quadrants-64x48.tif"), ("8.bmp", "Tests/Fixtures/imaging/good/quadrants-64x48-8bit.bmp"),
                     ("9.jxl", "Tests/Fixtures/imaging/good/quadrants-64x48.jxl")]
        for (name, source) in files {
            try FileManager.default.copyItem(at: CommandRunner.repositoryRoot.appendingPathComponent(source), to: folder.appending(name))
        }

        // When the gallery opens (9 cells: 4 to a grid row, all on screen) and its pictures have landed
        let (screen, shutdown) = try FolderFixtures.realGallery(folder)
        defer { Task { await shutdown() } }
        #expect(screen.entries.map(\.name) == files.map(\.0))
        #expect(await UIFixtures.eventually { screen.placeholderCount.placeholders == 0 })
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        let pictures = screen.draw(on: canvas, area: FolderFixtures.area, options: DrawOptions())

        // Then every picture but (where libvips does not trust its loader) the JPEG XL one is drawn, and
        // the quadrant pictures' red top-left corner is in their text art
        let failed = canvas.lines.joined().contains("✗ failed")
        #expect(pictures.count == (failed ? 8 : 9))
        for placed in pictures {
            guard case .text(let lines) = placed.picture else { Issue.record("expected text art"); continue }
            #expect(lines.count == 6)
        }
        for name in ["4.webp", "5.heic", "6.avif", "7.tif", "8.bmp"] {
            guard let placed = pictures.first(where: { $0.identity.contains(name) }), case .text(let lines) = placed.picture,
                  let top = lines.first else { Issue.record("\(name) is not drawn"); continue }
            let text = String(decoding: top, as: UTF8.self)
            #expect(text.range(of: "2;2[3-5][0-9];[0-9]{1,2};[0-9]{1,2}m", options: .regularExpression) != nil, "\(name): no red in \(text.debugDescription)")
        }
    }
}
