// TerminalCapabilities: what the terminal can show — sixel, cell size, colours, multiplexer — and the mode chosen.

/// A terminal multiplexer between Snapterm and the real terminal.
public enum Multiplexer: String, Sendable, Hashable {
    /// tmux (`TMUX` set or `TERM=tmux*`); Debian's tmux 3.3a drops sixel.
    case tmux
    /// GNU screen (`STY` set or `TERM=screen*`).
    case screen
}

/// What was detected about the terminal, and the graphics mode to use.
public struct TerminalCapabilities: Sendable, Hashable {
    /// Whether the terminal advertised sixel graphics in its DA1 reply.
    public var sixel: Bool
    /// One cell in pixels.
    public var cellSize: CellSize
    /// Where `cellSize` came from.
    public var cellSizeSource: CellSizeSource
    /// The colours text may use.
    public var colorDepth: ColorDepth
    /// The multiplexer in between, if any.
    public var multiplexer: Multiplexer?
    /// The DA1 reply parameters, `nil` when the terminal stayed silent or was not asked.
    public var deviceAttributes: [Int]?
    /// The mode pictures are drawn in: forced, or the best the terminal has.
    public var mode: GraphicsMode
    /// True when `mode` was forced by a flag or `SNAPTERM_GRAPHICS`.
    public var isForced: Bool

    /// Creates capabilities; `mode` defaults to the best the others allow.
    public init(sixel: Bool, cellSize: CellSize = .fallback, cellSizeSource: CellSizeSource = .fallback,
                colorDepth: ColorDepth, multiplexer: Multiplexer? = nil, deviceAttributes: [Int]? = nil,
                mode: GraphicsMode? = nil) {
        self.sixel = sixel
        self.cellSize = cellSize
        self.cellSizeSource = cellSizeSource
        self.colorDepth = colorDepth
        self.multiplexer = multiplexer
        self.deviceAttributes = deviceAttributes
        self.mode = mode ?? Self.bestMode(sixel: sixel, colorDepth: colorDepth)
        isForced = mode != nil
    }

    /// Sixel where advertised, coloured symbols where there is colour, else plain ASCII.
    public static func bestMode(sixel: Bool, colorDepth: ColorDepth) -> GraphicsMode {
        if sixel { return .sixel }
        return colorDepth == .none ? .ascii : .symbols
    }

    /// One line for `--stats` and logs.
    public var summary: String {
        "mode=\(mode.rawValue)\(isForced ? " (forced)" : "") sixel=\(sixel) cell=\(cellSize.width)x\(cellSize.height)"
            + " (\(cellSizeSource.rawValue)) colors=\(colorDepth.rawValue) multiplexer=\(multiplexer?.rawValue ?? "none")"
    }
}
