// The folder gallery lists its folder again on every visit: files added or removed meanwhile appear
// or vanish, and the selection stays on the same file.
import Foundation
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct FolderGalleryRescanTests {
    @Test func newAndRemovedFilesShowOnTheNextVisit() async throws {
        // Given a gallery of 3 pictures with photo-2 selected
        let folder = try FolderFixtures.folder(count: 3)
        let screen = try FolderFixtures.gallery(folder)
        _ = screen.handle(.right)
        #expect(screen.entries.map(\.name) == ["photo-1.jpg", "photo-2.jpg", "photo-3.jpg"])

        // When one file is removed and two are added while the screen is open
        try FileManager.default.removeItem(at: folder.appending("photo-1.jpg"))
        try Data(contentsOf: FolderFixtures.photo).write(to: folder.appending("photo-0.jpg"))
        try Data(contentsOf: FolderFixtures.photo).write(to: folder.appending("photo-9.png"))
        #expect(screen.entries.count == 3, "nothing changes until the next visit")

        // Then the next visit lists them, keeping photo-2 selected, and the grid shows the new names
        screen.didAppear()
        #expect(screen.entries.map(\.name) == ["photo-0.jpg", "photo-2.jpg", "photo-3.jpg", "photo-9.png"])
        #expect(screen.selected == 1)
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        _ = screen.draw(on: canvas, area: FolderFixtures.area, options: DrawOptions())
        let text = canvas.lines.joined(separator: "\n")
        #expect(text.contains("photo-0.jpg") && text.contains("photo-9.png"))
        #expect(!text.contains("photo-1.jpg"))
        #expect(screen.placeholderCount.cells == 4)
    }

    @Test func aFolderEmptiedMeanwhileSaysSo() throws {
        let folder = try FolderFixtures.folder(count: 2)
        let screen = try FolderFixtures.gallery(folder)
        _ = screen.handle(.enter)
        for name in ["photo-1.jpg", "photo-2.jpg"] { try FileManager.default.removeItem(at: folder.appending(name)) }
        screen.didAppear()
        #expect(screen.entries.isEmpty)
        #expect(screen.viewing == nil)
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        #expect(screen.draw(on: canvas, area: FolderFixtures.area, options: DrawOptions()).isEmpty)
        #expect(canvas.lines.joined().contains("No pictures"))
        #expect(screen.handle(.enter) == .unhandled)
    }
}
