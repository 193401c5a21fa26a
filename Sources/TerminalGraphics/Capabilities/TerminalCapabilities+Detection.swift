// TerminalCapabilities+Detection: one DA1 round trip plus the environment decide what the terminal can show.

extension TerminalCapabilities {
    /// The environment variable that forces a mode: `sixel`, `symbols` or `ascii`.
    public static let forceVariable = "SNAPTERM_GRAPHICS"
    /// How long to wait for the terminal's reply.
    public static let defaultTimeout = Duration.milliseconds(300)

    /// Detects capabilities from `environment` and, when given, a `terminal` to query.
    ///
    /// Sends `CSI 16 t` and DA1 together and reads until the DA1 reply (terminals answer in
    /// order, so a cell-size reply, if any, comes first) or `timeout`. Cell size: `TIOCGWINSZ`
    /// pixels, else the `CSI 16 t` reply, else 8×16 — a reported size outside
    /// `CellSize.plausibleWidths` × `plausibleHeights` is not believed. A `forced` mode wins over
    /// `SNAPTERM_GRAPHICS`, which wins over detection. Throws only for a bad mode name.
    public static func detect(environment: [String: String], terminal: (any TerminalHandling)?,
                              forced: GraphicsMode? = nil,
                              timeout: Duration = defaultTimeout) throws -> TerminalCapabilities {
        var mode = forced
        if mode == nil, let name = environment[forceVariable], !name.isEmpty {
            guard let named = GraphicsMode(rawValue: name.lowercased()) else {
                throw TerminalGraphicsError.unknownGraphicsMode(name)
            }
            mode = named
        }
        let colors = colorDepth(environment: environment)
        let multiplexer = multiplexer(environment: environment)
        let term = environment["TERM"] ?? ""

        var replies = DeviceReplies(parsing: [])
        if let terminal, term != "dumb" {
            let query = EscapeSequence.cellSizeQuery + EscapeSequence.primaryDeviceAttributesQuery
            if (try? terminal.write(Array(query.utf8))) != nil {
                replies = DeviceReplies(parsing: terminal.read(timeout: timeout, until: DeviceReplies.containsDeviceAttributes))
            }
        }

        var cellSize = CellSize.fallback, source = CellSizeSource.fallback
        if let window = terminal?.windowSize(), window.columns > 0, window.rows > 0,
           let measured = CellSize(reportedWidth: window.pixelWidth / window.columns, height: window.pixelHeight / window.rows) {
            cellSize = measured
            source = .windowSize
        } else if let answered = replies.cellSize {
            cellSize = answered
            source = .query
        }
        return TerminalCapabilities(sixel: replies.advertisesSixel, cellSize: cellSize, cellSizeSource: source,
                                    colorDepth: colors, multiplexer: multiplexer,
                                    deviceAttributes: replies.deviceAttributes, mode: mode)
    }

    /// Colours from `NO_COLOR`, `COLORTERM` and `TERM`.
    public static func colorDepth(environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") { return .truecolor }
        if term.contains("256color") { return .ansi256 }
        return .ansi16
    }

    /// tmux or screen from `TMUX`, `STY` and `TERM`.
    public static func multiplexer(environment: [String: String]) -> Multiplexer? {
        let term = (environment["TERM"] ?? "").lowercased()
        if environment["TMUX"].map({ !$0.isEmpty }) ?? false || term.hasPrefix("tmux") { return .tmux }
        if environment["STY"].map({ !$0.isEmpty }) ?? false || term.hasPrefix("screen") { return .screen }
        return nil
    }
}
