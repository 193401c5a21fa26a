// FakeTerminalScreen: an in-memory terminal for headless app tests — scripted keys, readable text.
import SnaptermUI

/// A `TerminalScreen` over a `MemoryCanvas`. Keys are handed out only once `ready()` holds (or
/// after `patience` empty polls), so a test can script "wait until the pictures landed, then quit".
@MainActor
final class FakeTerminalScreen: TerminalScreen {
    let canvas: MemoryCanvas
    var keys: [Key] = []
    var ready: () -> Bool = { true }
    var patience = 2_000
    private(set) var refreshes = 0
    private(set) var invalidations = 0

    init(rows: Int = 30, columns: Int = 80) {
        canvas = MemoryCanvas(rows: rows, columns: columns)
    }

    var size: (rows: Int, columns: Int) { canvas.size }
    var lines: [String] { canvas.lines }
    func clear() { canvas.clear() }
    func put(_ text: String, row: Int, column: Int, width: Int, style: TextStyle) {
        canvas.put(text, row: row, column: column, width: width, style: style)
    }
    var onRefresh: (() -> Void)?
    func refresh() {
        refreshes += 1
        onRefresh?()
    }
    func invalidate() { invalidations += 1 }

    func nextKey() -> Key? {
        guard !keys.isEmpty else { return nil }
        if !ready() && patience > 0 {
            patience -= 1
            return nil
        }
        return keys.removeFirst()
    }
}
