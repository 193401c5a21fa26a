// TerminalCapabilities: what the terminal can show — kitty graphics, iTerm2 images, sixel, cell size, colours,
// multiplexer — and the mode chosen.

/// A terminal multiplexer between Snapterm and the real terminal.
public enum Multiplexer: String, Sendable, Hashable {
    /// tmux (`TMUX` set or `TERM=tmux*`); Debian's tmux 3.3a drops sixel.
    case tmux
    /// GNU screen (`STY` set or `TERM=screen*`).
    case screen
}

/// The terminal program as the environment names it (`TERM`, `TERM_PROGRAM`, `KITTY_WINDOW_ID`, `LC_TERMINAL`).
public enum TerminalProgram: String, Sendable, Hashable {
    case kitty, ghostty, wezterm, iterm2, other
}

/// What was detected about the terminal, and the graphics mode to use.
public struct TerminalCapabilities: Sendable, Hashable {
    /// Whether the terminal answered the kitty graphics query with OK.
    public var kittyGraphics: Bool
    /// Whether the terminal draws iTerm2 inline images (it says it is iTerm2 or WezTerm).
    public var inlineImages: Bool
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
    /// The terminal program the environment names.
    public var program: TerminalProgram
    /// True when the terminal did not answer DA1 within the wait: a reply may still arrive later,
    /// and the key reader must swallow it.
    public var repliesMayArriveLate: Bool

    /// Creates capabilities; `mode` defaults to the best the others allow.
    public init(kittyGraphics: Bool = false, inlineImages: Bool = false, sixel: Bool,
                cellSize: CellSize = .fallback, cellSizeSource: CellSizeSource = .fallback,
                colorDepth: ColorDepth, multiplexer: Multiplexer? = nil, deviceAttributes: [Int]? = nil,
                mode: GraphicsMode? = nil, program: TerminalProgram = .other, repliesMayArriveLate: Bool = false) {
        self.kittyGraphics = kittyGraphics
        self.inlineImages = inlineImages
        self.sixel = sixel
        self.cellSize = cellSize
        self.cellSizeSource = cellSizeSource
        self.colorDepth = colorDepth
        self.multiplexer = multiplexer
        self.deviceAttributes = deviceAttributes
        self.mode = mode ?? Self.bestMode(kittyGraphics: kittyGraphics, inlineImages: inlineImages,
                                          sixel: sixel, colorDepth: colorDepth)
        isForced = mode != nil
        self.program = program
        self.repliesMayArriveLate = repliesMayArriveLate
    }

    /// kitty graphics where the terminal answered the query, iTerm2 images where it says it is
    /// iTerm2 or WezTerm, sixel where advertised, coloured symbols where there is colour, else plain ASCII.
    public static func bestMode(kittyGraphics: Bool = false, inlineImages: Bool = false,
                                sixel: Bool, colorDepth: ColorDepth) -> GraphicsMode {
        if kittyGraphics { return .kitty }
        if inlineImages { return .iterm }
        if sixel { return .sixel }
        return colorDepth == .none ? .ascii : .symbols
    }

    /// True when kitty pictures must travel as Unicode placeholders: kitty mode inside tmux (images
    /// transmitted through tmux passthrough, drawn as text tmux moves and clips).
    public var usesKittyPlaceholders: Bool { mode == .kitty && multiplexer == .tmux }

    /// One line for `--stats` and logs.
    public var summary: String {
        "mode=\(mode.rawValue)\(isForced ? " (forced)" : "") kitty=\(kittyGraphics) iterm=\(inlineImages) sixel=\(sixel)"
            + " program=\(program.rawValue)\(repliesMayArriveLate ? " (no reply)" : "") cell=\(cellSize.width)x\(cellSize.height)"
            + " (\(cellSizeSource.rawValue)) colors=\(colorDepth.rawValue) multiplexer=\(multiplexer?.rawValue ?? "none")"
            + (usesKittyPlaceholders ? " placeholders=true" : "")
    }
}
