// Full-screen previews in a terminal taller than 200 rows: the thumbnail URL of the map view parses
// back (it once refused more than 200 rows, so the preview showed an error instead of the map).
import Foundation
import SnaptermUI
import Testing
import Thumbnails

@MainActor
@Suite struct TallPreviewTests {
    @Test(arguments: [201, 300, 1000])
    func theMapViewOfATallTerminalHasAValidThumbnailURL(rows: Int) throws {
        // Given the map view laid out in a terminal of `rows` rows
        let fixture = try MessageFixture()
        let screen = MapDetailScreen(place: MessageFixture.places[0], loader: fixture.state.loader,
                                     box: fixture.state.box(columns: 1, rows: 1))
        screen.layout(in: CellRect(row: 1, column: 0, rows: rows - 2, columns: 120))
        // When its URL is read back as the thumbnail handler reads it
        let url = try #require(screen.url)
        let parsed = try ThumbnailURL(url: url)
        // Then it is the whole picture area
        #expect(parsed.box.rows == rows - 4 && parsed.box.columns == 120)
    }

    @Test func boxesBeyondTheCellRangeAreStillRefusedByName() {
        let url = ThumbnailURL(source: URL(string: "file:///x.png")!,
                               box: ThumbnailBox(columns: 10, rows: ThumbnailBox.cellRange.upperBound + 1, mode: .symbols)).url
        #expect(throws: (any Error).self) { try ThumbnailURL(url: url) }
    }
}
