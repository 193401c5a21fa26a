// ListSelectionFirstRowTests: the first visible row ListSelection keeps for screens that draw their own rows,
// as the photo picker (a grid) and the location picker (a list) use it.
@testable import SnaptermUI
import Testing

@MainActor
@Suite struct ListSelectionFirstRowTests {
    @Test func aGridLikeThePhotoPickerScrollsByWholeRowsAsLittleAsItCan() {
        var selection = ListSelection()
        selection.columns = 3  // three photos a row, two rows shown
        selection.select(4, count: 20, visibleRows: 2)
        #expect(selection.index == 4 && selection.firstRow == 0, "row 1 is on screen already")
        selection.select(7, count: 20, visibleRows: 2)
        #expect(selection.firstRow == 1 && selection.firstVisibleItem == 3, "row 2 pulls the grid one row down")
        selection.select(19, count: 20, visibleRows: 2)
        #expect(selection.index == 19 && selection.firstRow == 5, "the last row at the bottom")
        selection.select(100, count: 20, visibleRows: 2)
        #expect(selection.index == 19 && selection.firstRow == 5, "past the end stays on the last photo")
        selection.select(5, count: 20, visibleRows: 2)
        #expect(selection.firstRow == 1, "back up: the selected row at the top")
    }

    @Test func aListLikeTheLocationPickerPagesAndResetsForANewFilter() {
        var selection = ListSelection()
        selection.select(12, count: 30, visibleRows: 5)
        #expect(selection.index == 12 && selection.firstVisibleItem == 8)
        selection.select(-4, count: 30, visibleRows: 5)
        #expect(selection.index == 0 && selection.firstVisibleItem == 0)
        selection.select(29, count: 30, visibleRows: 0)
        #expect(selection.firstVisibleItem == 29, "no room: the selection is still the row shown")
        selection.reset()
        #expect(selection.index == 0 && selection.firstRow == 0)
    }
}
