// Overlay: a panel drawn over the body instead of the screen — the key list or the stats panel.
import TerminalGraphics

/// A panel that covers the body until it is closed.
enum Overlay: Equatable {
    /// The keys (`?`): the screen's own first (`Screen.keyHelp`, under its title), then those of every screen
    /// that it does not take for itself, then what the status line says.
    case help(screen: String, keys: [KeyHelp])
    /// Load timings and cache sizes (`s`), one line each.
    case stats([String])

    /// The keys every screen has.
    static let appKeys = [
        KeyHelp("↑ ↓  j k", "move"),
        KeyHelp("PgUp PgDn space", "page"),
        KeyHelp("g G  Home End", "first / last"),
        KeyHelp("wheel", "scroll"),
        KeyHelp("Esc", "back"),
        KeyHelp("Tab", "next screen"),
        KeyHelp("b", "source badges (M memory, D disk, H handler; \"old\": a stale copy, source unreachable)"),
        KeyHelp("c", "caching on / off (off: the white spots come back)"),
        KeyHelp("C", "empty both caches"),
        KeyHelp("s", "load timings and cache sizes"),
        KeyHelp("Ctrl-L", "redraw"),
        KeyHelp("q", "quit"),
    ]

    /// What each part of the status line means (`blank 0/5 │ mem 0 disk 0 miss 19 │ flying 0 joined 0 …`).
    static let statusLines = [
        "Status line",
        "  Matrix: live         with an account: the sync's state (offline — retrying in N s; signed out — what to do)",
        "  blank 2/12           picture cells still waiting for their picture, of those on screen",
        "  mem disk miss        pictures taken from memory, from the disk cache, or made anew",
        "  flying joined        loads running now; asks that joined a load already running",
        "  cancelled            loads stopped because their row left the screen before its picture came",
        "  cache on / OFF       whether pictures are cached (c): with it off, the blank cells come back",
    ]

    /// The lines of the `?` panel for a screen titled `title` whose own keys are `screenKeys`.
    static func helpLines(screen title: String, keys screenKeys: [KeyHelp]) -> [String] {
        var lines: [String] = []
        if !screenKeys.isEmpty {
            lines.append("Keys here (\(title))")
            lines += screenKeys.map(\.line)
            lines.append("")
        }
        let taken = Set(screenKeys.map(\.keys))
        lines.append("Keys everywhere")
        lines += appKeys.filter { !taken.contains($0.keys) }.map(\.line)
        lines.append("")
        return lines + statusLines + ["", "Press ? or Esc to close."]
    }

    /// `lines` in `rows`: whole when they fit; else cut, saying how many lines a taller terminal shows, and ending with
    /// the last line still (how to close the panel).
    static func fitted(_ lines: [String], rows: Int) -> [String] {
        guard lines.count > rows, let last = lines.last else { return lines }
        guard rows >= 3 else { return Array(lines.prefix(max(0, rows))) }
        let kept = rows - 2
        return Array(lines.prefix(kept)) + ["… \(lines.count - 1 - kept) more lines: a taller terminal shows them", last]
    }

    /// Whether `key` closes this overlay.
    func closes(on key: Key) -> Bool {
        switch (self, key) {
        case (_, .escape), (_, .character("q")), (.help, .character("?")), (.stats, .character("s")): true
        default: false
        }
    }

    /// Draws the panel's lines into `area`.
    @MainActor
    func draw(on canvas: any TextCanvas, area: CellRect) {
        let lines = switch self {
        case .help(let screen, let keys): Self.helpLines(screen: screen, keys: keys)
        case .stats(let lines): lines
        }
        let width = area.columns - 4
        for (index, line) in Self.fitted(lines, rows: area.rows).enumerated() {
            canvas.put(line, row: area.row + index, column: area.column + 2, width: width,
                       style: index == 0 ? .bold : [])
        }
    }
}
