// ListSelectionTests: the one selection model of the list and grid screens — moves, pages, ends, the wheel,
// and the list scrolled by whole rows to keep the selection on screen.
import Foundation
import SchemeLoader
@testable import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct ListSelectionTests {
    private func list(rows: Int, visible: Int) throws -> ListView {
        var configuration = ListView.Configuration()
        configuration.prefetchEnabled = false
        return ListView(loader: try UIFixtures.loader(MockSchemeHandler()), rowCount: rows, visibleCount: visible,
                        configuration: configuration, url: UIFixtures.url)
    }

    @Test func aListMovesByRowsPagesAndEndsAndKeepsTheSelectionOnScreen() throws {
        let list = try list(rows: 100, visible: 10)
        var selection = ListSelection()
        var moved = false
        for key in [Key.down, .character("j"), .down] {
            let moved = selection.handle(key, count: 100, in: list)
            #expect(moved)
        }
        #expect(selection.index == 3 && list.top == 0)
        moved = selection.handle(.pageDown, count: 100, in: list)
        #expect(moved)
        #expect(selection.index == 13 && list.visibleRange.contains(13))
        moved = selection.handle(.character("G"), count: 100, in: list)
        #expect(moved)
        #expect(selection.index == 99 && list.top == 90)
        moved = selection.handle(.pageUp, count: 100, in: list)
        #expect(moved && selection.index == 89 && list.top == 89)
        moved = selection.handle(.home, count: 100, in: list)
        #expect(moved && selection.index == 0 && list.top == 0)
        moved = selection.handle(.up, count: 100, in: list)
        #expect(moved && selection.index == 0, "clamped at the first row")
        // ← → are not moves in a list (a screen may use them), nor is Enter
        let left = selection.handle(.left, count: 100, in: list), enter = selection.handle(.enter, count: 100, in: list)
        #expect(!left && !enter)
    }

    @Test func theWheelScrollsAndPullsTheSelectionIntoView() throws {
        let list = try list(rows: 100, visible: 10)
        var selection = ListSelection()
        var moved = false
        moved = selection.handle(.wheelDown, count: 100, in: list)
        #expect(moved)
        #expect(list.top == 3 && selection.index == 3)
        moved = selection.handle(.character("G"), count: 100, in: list)
        #expect(moved)
        moved = selection.handle(.wheelUp, count: 100, in: list)
        #expect(moved)
        #expect(list.top == 87 && selection.index == 96)
    }

    @Test func aGridMovesByItemsAndRowsAndScrollsByWholeRows() throws {
        let list = try list(rows: 60, visible: 12)  // 4 columns × 3 rows on screen
        var selection = ListSelection()
        var moved = false
        selection.columns = 4
        moved = selection.handle(.right, count: 58, in: list)
        #expect(moved && selection.index == 1)
        moved = selection.handle(.down, count: 58, in: list)
        #expect(moved && selection.index == 5)
        moved = selection.handle(.pageDown, count: 58, in: list)
        #expect(moved && selection.index == 17)
        #expect(list.top % 4 == 0 && list.visibleRange.contains(17))
        moved = selection.handle(.end, count: 58, in: list)
        #expect(moved && selection.index == 57)
        #expect(list.top == 48, "the last grid row at the bottom: rows 12…14")
        moved = selection.handle(.wheelUp, count: 58, in: list)
        #expect(moved && list.top == 44 && selection.index == 55)
    }
}
