// TerminalHandling: the terminal as detection sees it — write a query, read a reply, ask the window size.

/// The size of the terminal window in cells and, when the terminal tells, in pixels.
public struct WindowSize: Sendable, Hashable {
    /// Columns of cells.
    public var columns: Int
    /// Rows of cells.
    public var rows: Int
    /// Width of the text area in pixels (0 when unknown).
    public var pixelWidth: Int
    /// Height of the text area in pixels (0 when unknown).
    public var pixelHeight: Int

    /// Creates a window size.
    public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        self.columns = columns; self.rows = rows; self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
    }
}

/// A terminal that can be asked questions: the real `/dev/tty` or a test double with canned replies.
public protocol TerminalHandling {
    /// Writes a query (bytes built by `EscapeSequence`).
    func write(_ bytes: [UInt8]) throws
    /// Reads until `isComplete` accepts what was read or `timeout` passes; returns what arrived.
    func read(timeout: Duration, until isComplete: ([UInt8]) -> Bool) -> [UInt8]
    /// The window size (`TIOCGWINSZ`), or `nil` when unknown.
    func windowSize() -> WindowSize?
    /// Throws away input received but not read (the rest of a flood).
    func discardInput()
}

extension TerminalHandling {
    /// Nothing to throw away by default.
    public func discardInput() {}
}
