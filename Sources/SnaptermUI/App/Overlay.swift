// Overlay: a panel drawn over the body instead of the screen — the key list or the stats panel.

/// A panel that covers the body until it is closed.
enum Overlay: Equatable {
    /// The keys (`?`).
    case help
    /// Load timings and cache sizes (`s`), one line each.
    case stats([String])

    /// The keys, as shown by `?`.
    static let keyLines = [
        "Keys",
        "  ↑ ↓  j k        move",
        "  PgUp PgDn space  page",
        "  g G  Home End    first / last",
        "  wheel            scroll",
        "  Enter            open (map: + - zoom, arrows pan)",
        "  Esc              back",
        "  Tab              next screen",
        "  b                source badges (M memory, D disk, H handler; \"old\": a stale copy, source unreachable)",
        "  c                caching on / off (off: the white spots come back)",
        "  C                empty both caches",
        "  s                load timings and cache sizes",
        "  Ctrl-L           redraw",
        "  q                quit",
        "",
        "Press ? or Esc to close.",
    ]

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
        case .help: Self.keyLines
        case .stats(let lines): lines
        }
        for (index, line) in lines.prefix(area.rows).enumerated() {
            canvas.put(line, row: area.row + index, column: area.column + 2, width: area.columns - 4,
                       style: index == 0 ? .bold : [])
        }
    }
}
