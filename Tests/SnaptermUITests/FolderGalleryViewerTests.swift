// The folder gallery's viewer: Enter shows the selected picture as large as the screen, ←/→ the
// previous/next (stopping at the ends), Esc or q back to the grid on the picture last shown.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing
import Thumbnails

@MainActor
@Suite struct FolderGalleryViewerTests {
    @Test func enterShowsThePictureAsLargeAsTheScreenAndArrowsStep() async throws {
        // Given a gallery of 5 pictures with the second selected
        let folder = try FolderFixtures.folder(count: 5)
        let thumbnails = MockSchemeHandler(scheme: "thumb")
        let screen = try FolderFixtures.gallery(folder, thumbnails: thumbnails)
        _ = screen.handle(.right)

        // When Enter is pressed
        #expect(screen.handle(.enter) == ScreenAction.none)

        // Then the picture fills the area but its caption row, and the title names it
        #expect(screen.viewing == 1)
        #expect(screen.title.hasSuffix("› photo-2.jpg"))
        #expect(await UIFixtures.eventually { screen.placeholderCount == (0, 1) })
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        let pictures = screen.draw(on: canvas, area: FolderFixtures.area, options: DrawOptions())
        #expect(pictures.map(\.rect) == [CellRect(row: 1, column: 0, rows: 21, columns: 80)])
        let identity = try #require(pictures.first?.identity)
        let shown = try ThumbnailURL(url: try #require(URL(string: identity)))
        #expect(shown.box.columns == 80 && shown.box.rows == 21)
        #expect(shown.source.lastPathComponent == "photo-2.jpg")
        #expect(canvas.lines[22].contains("2 of 5 · photo-2.jpg"))

        // And → and ← step through the folder, stopping at either end
        for _ in 0..<10 { _ = screen.handle(.right) }
        #expect(screen.viewing == 4)
        #expect(screen.title.hasSuffix("photo-5.jpg"))
        for _ in 0..<10 { _ = screen.handle(.left) }
        #expect(screen.viewing == 0)
        _ = screen.handle(.right)
        _ = screen.handle(.right)

        // And Esc goes back to the grid with the last picture shown selected
        #expect(screen.handle(.escape) == ScreenAction.none)
        #expect(screen.viewing == nil)
        #expect(screen.selected == 2)
        #expect(screen.placeholderCount.cells == 5)
    }

    @Test func qClosesThePictureNotTheApp() throws {
        let folder = try FolderFixtures.folder(count: 3)
        let screen = try FolderFixtures.gallery(folder)
        _ = screen.handle(.enter)
        #expect(screen.handle(.character("q")) == ScreenAction.none)
        #expect(screen.viewing == nil)
        // In the grid, q is the app's (quit)
        #expect(screen.handle(.character("q")) == ScreenAction.unhandled)
    }

    @Test func theNextPictureIsPrefetchedAtTheViewersSize() async throws {
        let folder = try FolderFixtures.folder(count: 3)
        let thumbnails = MockSchemeHandler(scheme: "thumb")
        let screen = try FolderFixtures.gallery(folder, thumbnails: thumbnails)
        _ = screen.handle(.enter)
        let next = ThumbnailURL(source: folder.appending("photo-2.jpg"),
                                box: ThumbnailBox(columns: 80, rows: 21, mode: .symbols)).url
        #expect(await UIFixtures.eventually { thumbnails.loadCount(for: next) == 1 })
    }
}
