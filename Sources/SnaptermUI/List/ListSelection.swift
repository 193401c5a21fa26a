// ListSelection: the one selection model of the list, grid and picker screens — the current item, the first
// item on screen, how the keys and the wheel move them, and keeping the selection on screen.

/// The current item of a list (one item per row) or a grid (`columns` items per row), and the first item
/// on screen. Screens drawn by a `ListView` pass it and it scrolls with the selection; the pickers draw
/// `visibleRange(count:visible:)` themselves.
///
/// ↑ ↓ `j` `k` move a row, ← → `h` `l` an item (grids only), PgUp PgDn and space a screen, `g` `G`
/// Home End to the ends; the wheel scrolls (three rows of a list, one row of a grid) and pulls the
/// selection into view. A move scrolls by whole rows, as little as keeps the selection visible.
@MainActor
struct ListSelection {
    /// The selected item.
    private(set) var index = 0
    /// The first item on screen (the first of its row).
    private(set) var top = 0
    /// Items per row: 1 for a list.
    var columns = 1

    /// Moves the selection for `key` over `count` items, `visible` of which fit on screen; false when `key`
    /// is not a move.
    mutating func handle(_ key: Key, count: Int, visible: Int) -> Bool {
        let page = columns * max(1, visible / columns)
        switch key {
        case .down, .character("j"): select(index + columns, count: count, visible: visible)
        case .up, .character("k"): select(index - columns, count: count, visible: visible)
        case .right where columns > 1, .character("l") where columns > 1: select(index + 1, count: count, visible: visible)
        case .left where columns > 1, .character("h") where columns > 1: select(index - 1, count: count, visible: visible)
        case .pageDown, .character(" "): select(index + page, count: count, visible: visible)
        case .pageUp: select(index - page, count: count, visible: visible)
        case .home, .character("g"): select(0, count: count, visible: visible)
        case .end, .character("G"): select(count - 1, count: count, visible: visible)
        case .wheelDown, .wheelUp:
            let step = (columns > 1 ? 1 : 3) * columns * (key == .wheelDown ? 1 : -1)
            scroll(toTop: top + step, count: count, visible: visible)
        default: return false
        }
        return true
    }

    /// The same for a screen drawn by `list`, which then shows the selection's rows.
    mutating func handle(_ key: Key, count: Int, in list: ListView) -> Bool {
        top = list.top
        guard handle(key, count: count, visible: list.visibleCount) else { return false }
        list.scroll(toTop: top)
        top = list.top
        if key == .wheelDown || key == .wheelUp { pull(into: list.visibleRange, count: count) }
        return true
    }

    /// Selects `target` (clamped to the items), scrolling by whole rows to keep it among `visible` items.
    mutating func select(_ target: Int, count: Int, visible: Int) {
        guard count > 0 else { index = 0; top = 0; return }
        index = max(0, min(count - 1, target))
        let visibleRows = max(1, visible / columns)
        var first = top / columns
        let row = index / columns
        if row < first { first = row }
        if row >= first + visibleRows { first = row - visibleRows + 1 }
        top = first * columns
    }

    /// The same for a screen drawn by `list` (or none yet), which then shows the selection's rows.
    mutating func select(_ target: Int, count: Int, in list: ListView?) {
        guard let list else {
            guard count > 0 else { index = 0; return }
            index = max(0, min(count - 1, target))
            return
        }
        top = list.top
        select(target, count: count, visible: list.visibleCount)
        list.scroll(toTop: top)
        top = list.top
    }

    /// The items on screen.
    func visibleRange(count: Int, visible: Int) -> Range<Int> {
        min(top, count)..<min(count, top + max(1, visible / columns) * columns)
    }

    /// Scrolls to `target` (whole rows, within the items) and pulls the selection into view.
    private mutating func scroll(toTop target: Int, count: Int, visible: Int) {
        let visibleRows = max(1, visible / columns)
        let rows = (count + columns - 1) / columns
        top = max(0, min(target / columns, rows - visibleRows)) * columns
        pull(into: visibleRange(count: count, visible: visible), count: count)
    }

    /// Moves the selection to the nearest item of `shown`.
    private mutating func pull(into shown: Range<Int>, count: Int) {
        guard !shown.isEmpty else { return }
        index = max(shown.lowerBound, min(min(index, count - 1), shown.upperBound - 1))
    }
}
