// The folder gallery's grid: thumbnails in rows of as many as fit, names under them, only visible
// (and prefetched) pictures loaded, cells reused while scrolling, the selection kept on screen.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct FolderGalleryGridTests {
    @Test func thePicturesAreLaidOutInAGridWithTheirNamesUnderThem() async throws {
        // Given a folder of 30 pictures in an 80×22 area (18×6 thumbnails: 4 a row, 3 rows)
        let folder = try FolderFixtures.folder(count: 30)
        let screen = try FolderFixtures.gallery(folder)
        #expect(screen.columnsPerRow == 4)
        #expect(screen.visibleGridRows == 3)
        #expect(await UIFixtures.eventually { screen.placeholderCount.placeholders == 0 })

        // When it is drawn
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        let pictures = screen.draw(on: canvas, area: FolderFixtures.area, options: DrawOptions())

        // Then 12 pictures sit on a 20-column, 7-row pitch, each with its name on the row below it
        #expect(pictures.count == 12)
        #expect(pictures[0].rect == CellRect(row: 1, column: 0, rows: 6, columns: 18))
        #expect(pictures[5].rect == CellRect(row: 8, column: 20, rows: 6, columns: 18))
        let lines = canvas.lines
        #expect(lines[7].contains("▶ photo-1.jpg"))
        #expect(lines[7].contains("photo-2.jpg") && lines[7].contains("photo-4.jpg"))
        #expect(lines[14].contains("photo-5.jpg"))
        #expect(!lines.joined().contains("photo-13.jpg"))
        #expect(lines[22].contains("1 of 30"))
    }

    @Test func openingAThousandPicturesLoadsOnlyTheVisibleAndPrefetchedOnes() async throws {
        // Given a folder of 1,000 pictures
        let folder = try FolderFixtures.folder(count: 1000)
        let thumbnails = MockSchemeHandler(scheme: "thumb")
        let loader = try FolderFixtures.thumbnailLoader(thumbnails)

        // When the gallery opens
        let screen = try FolderFixtures.gallery(folder, loader: loader)

        // Then all are listed, but only the first screen and the rows just ahead are loaded
        #expect(screen.entries.count == 1000)
        #expect(await UIFixtures.eventually { screen.placeholderCount.placeholders == 0 })
        #expect(await UIFixtures.settled(loader))
        #expect(thumbnails.totalLoads >= 12)
        #expect(thumbnails.totalLoads <= 12 + 4 * 12, "loaded \(thumbnails.totalLoads)")
    }

    @Test func scrollingToTheEndReusesCellsAndKeepsTheSelectionVisible() async throws {
        let folder = try FolderFixtures.folder(count: 200)
        let screen = try FolderFixtures.gallery(folder)
        let list = try #require(screen.list)
        // When the selection moves down 30 grid rows, one key at a time
        for _ in 0..<30 { _ = screen.handle(.down) }
        // Then the grid scrolled by whole rows, with the selected picture in its last visible row
        #expect(screen.selected == 120)
        #expect(list.top == 112)
        #expect(list.visibleRange == 112..<124)
        #expect(list.allocatedCells <= 2 * 12, "cells are reused, not created per picture")
        // And End reaches the last picture, whose row is on screen
        _ = screen.handle(.end)
        #expect(screen.selected == 199)
        #expect(list.visibleRange.contains(199))
        #expect(list.top % 4 == 0)
        _ = screen.handle(.home)
        #expect(screen.selected == 0 && list.top == 0)
    }
}
