// TextCanvas: where screens draw text — ncurses in the app, an in-memory grid in tests.

/// How a run of text looks.
public struct TextStyle: Sendable, Hashable, OptionSet {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextStyle(rawValue: 1)
    public static let reverse = TextStyle(rawValue: 2)
    public static let dim = TextStyle(rawValue: 4)
    public static let underline = TextStyle(rawValue: 8)
    /// Not shown (SGR 8): a cell that is not blank to ncurses but shows nothing.
    public static let concealed = TextStyle(rawValue: 16)
}

/// A grid of character cells that screens draw into. Text must already be safe to show
/// (see `SafeText`); implementations cut a line too wide for its width or the right edge with "…" as its last
/// column (`SafeText.fitted`), so a reader always sees that more was there.
@MainActor
public protocol TextCanvas: AnyObject {
    /// Rows and columns.
    var size: (rows: Int, columns: Int) { get }
    /// Blanks the whole canvas.
    func clear()
    /// Writes `text` starting at `row`, `column`, at most `width` columns wide.
    func put(_ text: String, row: Int, column: Int, width: Int, style: TextStyle)
}

extension TextCanvas {
    /// Writes `text` from `column` to the right edge.
    public func put(_ text: String, row: Int, column: Int, style: TextStyle = []) {
        put(text, row: row, column: column, width: size.columns - column, style: style)
    }
}
