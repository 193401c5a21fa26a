// ListSelection: the one selection model of the list and grid screens — the current item, how the keys and
// the wheel move it, and keeping it on screen (in a `ListView`, or from its own first visible row for a screen
// that draws its rows itself).

/// The current item of a list (one item per row) or a grid (`columns` items per row) shown by a `ListView`.
///
/// ↑ ↓ `j` `k` move a row, ← → `h` `l` an item (grids only), PgUp PgDn and space a screen, `g` `G`
/// Home End to the ends; the wheel scrolls (three rows of a list, one row of a grid) and pulls the
/// selection into view. A move scrolls the list by whole rows, as little as keeps the selection visible.
@MainActor
struct ListSelection {
    /// The selected item.
    private(set) var index = 0
    /// Items per row: 1 for a list.
    var columns = 1
    /// The first row shown by a screen that draws its own rows (the photo and location pickers); a screen
    /// with a `ListView` keeps it in the view (`ListView.top`).
    private(set) var firstRow = 0

    /// The first item on `firstRow`.
    var firstVisibleItem: Int { firstRow * columns }

    /// Moves the selection for `key` over `count` items shown by `list`; false when `key` is not a move.
    mutating func handle(_ key: Key, count: Int, in list: ListView) -> Bool {
        let page = columns * max(1, list.visibleCount / columns)
        switch key {
        case .down, .character("j"): select(index + columns, count: count, in: list)
        case .up, .character("k"): select(index - columns, count: count, in: list)
        case .right where columns > 1, .character("l") where columns > 1: select(index + 1, count: count, in: list)
        case .left where columns > 1, .character("h") where columns > 1: select(index - 1, count: count, in: list)
        case .pageDown, .character(" "): select(index + page, count: count, in: list)
        case .pageUp: select(index - page, count: count, in: list)
        case .home, .character("g"): select(0, count: count, in: list)
        case .end, .character("G"): select(count - 1, count: count, in: list)
        case .wheelDown, .wheelUp:
            let step = (columns > 1 ? 1 : 3) * columns * (key == .wheelDown ? 1 : -1)
            list.scroll(toTop: list.top + step)
            let visible = list.visibleRange
            guard !visible.isEmpty else { return true }
            index = max(visible.lowerBound, min(min(index, count - 1), visible.upperBound - 1))
        default: return false
        }
        return true
    }

    /// Selects `target` (clamped to the items), scrolling `list` by whole rows to keep it visible.
    mutating func select(_ target: Int, count: Int, in list: ListView?) {
        guard count > 0 else { index = 0; return }
        index = max(0, min(count - 1, target))
        guard let list else { return }
        let first = Self.firstRow(showing: index / columns, from: list.top / columns, visibleRows: list.visibleCount / columns)
        list.scroll(toTop: first * columns)
    }

    /// Selects `target` (clamped to the items), moving `firstRow` by whole rows, as little as keeps it within
    /// the `visibleRows` rows shown.
    mutating func select(_ target: Int, count: Int, visibleRows: Int) {
        select(target, count: count, in: nil)
        firstRow = Self.firstRow(showing: index / columns, from: firstRow, visibleRows: visibleRows)
    }

    /// Back to the first item, shown at the top (the items changed).
    mutating func reset() {
        index = 0
        firstRow = 0
    }

    /// The first row to show so that `row` is among the `visibleRows` rows shown, moved as little as can be from `first`.
    static func firstRow(showing row: Int, from first: Int, visibleRows: Int) -> Int {
        let visibleRows = max(1, visibleRows)
        if row < first { return row }
        if row >= first + visibleRows { return row - visibleRows + 1 }
        return first
    }
}
