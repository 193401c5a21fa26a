// PickerScrollingTests: the photo and location pickers scroll through ListSelection, as the lists do — pages,
// ends, whole grid rows, the selection always on screen.
import Foundation
import MessageStore
@testable import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct PickerScrollingTests {
    @Test func withoutAListTheSelectionKeepsWholeRowsOnScreenAndTheWheelPullsItAlong() {
        // Given 23 items, 4 to a row, 2 rows on screen
        var selection = ListSelection()
        selection.columns = 4
        // When the last is selected, the screen shows the last two rows
        var moved = selection.handle(.end, count: 23, visible: 8)
        #expect(moved && selection.index == 22 && selection.top == 16)
        #expect(selection.visibleRange(count: 23, visible: 8) == 16..<23)
        // A page up moves two rows, scrolling one
        moved = selection.handle(.pageUp, count: 23, visible: 8)
        #expect(moved && selection.index == 14 && selection.top == 12)
        // The wheel scrolls a row and pulls the selection onto the screen
        moved = selection.handle(.wheelUp, count: 23, visible: 8)
        #expect(moved && selection.top == 8 && selection.index == 14)
        for _ in 0..<3 { moved = selection.handle(.wheelUp, count: 23, visible: 8) }
        #expect(moved && selection.top == 0 && selection.index == 7, "pulled to the last item on screen, no further than the first row")
        // Letters that are not moves are not taken
        moved = selection.handle(.character("x"), count: 23, visible: 8)
        #expect(!moved)
    }

    @Test func thePhotoPickerPagesAndEndsThroughItsGrid() throws {
        // Given 30 photos in a grid of 4 × 2 thumbnails
        let fixture = try MessageFixture()
        let photos = (0..<30).map { GalleryPhoto(id: "p-\($0)", title: "Photo \($0)") }
        let picker = PhotoPickerScreen(photos: photos, composer: fixture.composer(), loader: fixture.state.loader,
                                       box: fixture.state.box(columns: 18, rows: 5), previewBox: fixture.state.box(columns: 1, rows: 1))
        let area = CellRect(row: 1, column: 0, rows: 12, columns: 80)
        picker.layout(in: area)
        func captions() -> [String] {
            let canvas = MemoryCanvas(rows: area.row + area.rows, columns: area.columns)
            _ = picker.draw(on: canvas, area: area, options: DrawOptions(phase: 0))
            return canvas.lines.joined(separator: "\n").components(separatedBy: "Photo ").dropFirst().map { String($0.prefix { $0.isNumber }) }
        }
        #expect(captions() == (0..<8).map(String.init))
        // When G is pressed, the last photo is selected and its rows are shown
        #expect(picker.handle(.character("G")) == .none)
        #expect(picker.selected == 29 && captions() == (24..<30).map(String.init))
        // PgUp goes a screen back, scrolling by whole rows
        #expect(picker.handle(.pageUp) == .none)
        #expect(picker.selected == 21 && captions() == (20..<28).map(String.init))
        // and Home to the first
        #expect(picker.handle(.home) == .none)
        #expect(picker.selected == 0 && captions() == (0..<8).map(String.init))
    }

    @Test func theLocationPickerPagesWithoutTakingTheLettersOfItsFilter() throws {
        // Given 40 places and room for 5 under the filter line
        let fixture = try MessageFixture()
        let places = (0..<40).map { Place(name: "Town \($0)", country: "FI", latitude: 60, longitude: 24, population: 1_000) }
        let picker = LocationPickerScreen(places: places, composer: fixture.composer(), loader: fixture.state.loader,
                                          previewBox: fixture.state.box(columns: 1, rows: 1))
        let area = CellRect(row: 0, column: 0, rows: 6, columns: 80)
        picker.layout(in: area)
        func shown() -> [String] {
            let canvas = MemoryCanvas(rows: area.rows, columns: area.columns)
            _ = picker.draw(on: canvas, area: area, options: DrawOptions(phase: 0))
            return canvas.lines.compactMap { line in line.range(of: "Town ").map { String(line[$0.upperBound...].prefix { $0.isNumber }) } }
        }
        // When End, then PgUp are pressed
        _ = picker.handle(.end)
        #expect(picker.selected == 39 && shown() == (35..<40).map(String.init))
        _ = picker.handle(.pageUp)
        #expect(picker.selected == 34 && shown() == (34..<39).map(String.init))
        // j and G type the filter here: no place is named so, and the selection starts over
        _ = picker.handle(.character("G"))
        #expect(picker.filter == "G" && picker.selected == 0 && shown().isEmpty)
    }
}
