// BenchTerminal: a TerminalScreen for the benchmark — an in-memory text grid, scripted keys, and an
// emulated ncurses refresh that sends only changed cells down the wire.
import Foundation
import SnaptermUI
import TerminalGraphics

/// The terminal the app runs on during the benchmark.
///
/// Text is drawn into a grid (like `MemoryCanvas`). `refresh()` does what ncurses does with the
/// no-scroll terminfo entry: it writes only the cells whose text or style changed since the last
/// refresh (cursor move, SGR, text) to `output`, so the virtual terminal sees the same bytes, in
/// the same order relative to the pictures, as a real terminal. `invalidate()` makes the next
/// refresh clear the screen and send every cell.
///
/// Keys come from a `KeyFeed`; frames are reported to `onFrame` (called when the app comes back
/// for input after drawing), so the benchmark can read the app's state at each frame.
@MainActor
public final class BenchTerminal: TerminalScreen {
    struct Cell: Equatable {
        var text: String = " "  // "" for the right half of a wide character
        var style: TextStyle = []
    }

    /// Rows and columns.
    public let size: (rows: Int, columns: Int)
    /// The wire to the virtual terminal.
    public let output: BenchOutput
    /// Where keys come from.
    public var keys: KeyFeed
    /// Called once per drawn frame, after its last byte was written.
    public var onFrame: ((FrameStamp) -> Void)?
    /// Called when the app has drawn a frame's text, before its pictures are placed: the moment
    /// to read what the frame shows.
    public var onRefresh: (() -> Void)?
    /// Frames drawn so far.
    public private(set) var frames = 0

    private var cells: [Cell]
    private var shown: [Cell]?
    private var frameStart: ContinuousClock.Instant?
    private var firstUnanswered: ContinuousClock.Instant?
    private var keysSinceFrame = 0

    /// Creates a terminal of `rows` × `columns` writing to `output`.
    public init(rows: Int, columns: Int, output: BenchOutput, keys: KeyFeed) {
        size = (rows, columns)
        self.output = output
        self.keys = keys
        cells = Array(repeating: Cell(), count: rows * columns)
    }

    /// The text of each row as the app drew it (what ncurses believes is on screen), trailing spaces removed.
    public var lines: [String] {
        (0..<size.rows).map { row in
            var text = cells[(row * size.columns)..<((row + 1) * size.columns)].map(\.text).joined()
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// Whether the app drew a visible character at a cell.
    public func hasText(row: Int, column: Int) -> Bool {
        let text = cells[row * size.columns + column].text
        return !text.isEmpty && text != " "
    }

    public func clear() {
        finishFrame()
        frameStart = ContinuousClock.now
        cells = Array(repeating: Cell(), count: size.rows * size.columns)
    }

    public func put(_ text: String, row: Int, column: Int, width: Int, style: TextStyle) {
        guard (0..<size.rows).contains(row), column >= 0 else { return }
        var col = column
        for character in SafeText.fitted(text, to: max(0, min(width, size.columns - column))) {
            let wide = SafeText.width(of: String(character))
            guard col + max(1, wide) <= size.columns else { break }
            cells[row * size.columns + col] = Cell(text: String(character), style: style)
            if wide == 2 { cells[row * size.columns + col + 1] = Cell(text: "", style: style) }
            col += max(1, wide)
        }
    }

    public func refresh() {
        onRefresh?()
        keepLineEnds()
        output.writeText(NcursesRefresh.bytes(from: shown, to: cells, columns: size.columns))
        shown = cells
    }

    public func invalidate() { shown = nil }

    /// As `CursesScreen` does before each refresh: the last cell of a row that is blank becomes a concealed space,
    /// so no row's text ends in blanks and nothing is cleared to the end of a line over pictures.
    private func keepLineEnds() {
        let columns = size.columns
        guard columns > 0 else { return }
        for row in 0..<size.rows where cells[row * columns + columns - 1] == Cell() {
            cells[row * columns + columns - 1] = Cell(text: " ", style: .concealed)
        }
    }

    /// Hands out the next key when it is due. When none is, behaves like the app's ncurses input
    /// timeout (`timeout(16)`): waits for a key up to 16 ms and returns it as soon as it is due,
    /// or `nil` after 16 ms. Also closes the frame just drawn.
    public func nextKey() -> Key? {
        finishFrame()
        var answer = keys.next(framesDrawn: frames)
        if case .wait(let duration) = answer, duration > .zero {
            Thread.sleep(forTimeInterval: min(duration, Self.inputTimeout).seconds)
            if duration <= Self.inputTimeout { answer = keys.next(framesDrawn: frames) }
        }
        guard case .key(let key) = answer else { return nil }
        if firstUnanswered == nil { firstUnanswered = ContinuousClock.now }
        keysSinceFrame += 1
        return key
    }

    /// The app's ncurses input timeout (`CursesScreen` calls `timeout(16)`).
    static let inputTimeout = Duration.milliseconds(16)

    /// Reports the frame drawn since the last `clear()`, if any.
    private func finishFrame() {
        guard let start = frameStart else { return }
        frameStart = nil
        let lastByte = output.lastWrite ?? ContinuousClock.now
        let bytes = output.endFrame()
        frames += 1
        let stamp = FrameStamp(index: frames, trigger: firstUnanswered ?? start, start: start, lastByte: lastByte,
                               keys: keysSinceFrame, bytes: bytes)
        firstUnanswered = nil
        keysSinceFrame = 0
        onFrame?(stamp)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
