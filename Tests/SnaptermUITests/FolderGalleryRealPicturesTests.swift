// The folder gallery through the real loaders: real JPEGs from a folder outside every allowed root
// (the user named the folder) become text-art thumbnails; a damaged file shows its reason, a FIFO
// with a picture's name is not listed (nothing hangs).
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing
import Thumbnails

@MainActor
@Suite struct FolderGalleryRealPicturesTests {
    @Test func realPicturesBecomeThumbnailsAndADamagedOneSaysWhy() async throws {
        // Given a folder with two real photos, a damaged JPEG and a FIFO named like a picture
        let folder = try FolderFixtures.folder(count: 2)
        try Data("not a jpeg at all".utf8).write(to: folder.appending("photo-3.jpg"))
        #expect(mkfifo(folder.appending("photo-4.jpg").path, 0o600) == 0)

        // When the gallery opens
        let (screen, shutdown) = try FolderFixtures.realGallery(folder)
        defer { Task { await shutdown() } }

        // Then three files are listed (not the FIFO), the photos land as pictures and the damaged one fails
        #expect(screen.entries.map(\.name) == ["photo-1.jpg", "photo-2.jpg", "photo-3.jpg"])
        #expect(await UIFixtures.eventually { screen.placeholderCount.placeholders == 0 })
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        let pictures = screen.draw(on: canvas, area: FolderFixtures.area, options: DrawOptions())
        #expect(pictures.count == 2)
        guard case .text(let lines)? = pictures.first?.picture else { Issue.record("expected text art"); return }
        #expect(lines.count == 6)
        #expect(canvas.lines.joined().contains("✗ failed"))
    }
}
