// TerminalCapabilities+Detection: one round trip (kitty query, cell size, DA1) plus the environment decide
// what the terminal can show.

extension TerminalCapabilities {
    /// The environment variable that forces a mode: `kitty`, `iterm`, `sixel`, `symbols` or `ascii`.
    public static let forceVariable = "SNAPTERM_GRAPHICS"
    /// How long to wait for the terminal's reply.
    public static let defaultTimeout = Duration.milliseconds(300)
    /// Inside tmux, how much longer to wait after tmux's own DA1 reply for the outer terminal's answer
    /// to the kitty query sent through passthrough (at least: twice as long as tmux took to answer, when
    /// that was longer).
    public static let passthroughGrace = Duration.milliseconds(150)

    /// How long to wait for the outer terminal's kitty reply once tmux answered DA1 after `answered`: the grace, or
    /// twice tmux's own time on a machine so busy that tmux was slower than that (the reply makes two more hops).
    public static func passthroughWait(afterDA1Took answered: Duration) -> Duration {
        max(passthroughGrace, answered * 2)
    }
    /// How a flood (input that cannot be the replies) is read away: until the input has been quiet for
    /// `quiet`, for at most `limit`; then the rest is flushed unread.
    public struct FloodDrain: Sendable, Hashable {
        /// How long the input must stay quiet.
        public var quiet: Duration
        /// The longest time spent reading.
        public var limit: Duration
        /// 200 ms of quiet, 3 s at most.
        public static let standard = FloodDrain(quiet: .milliseconds(200), limit: .seconds(3))

        /// Creates a drain policy.
        public init(quiet: Duration, limit: Duration) {
            self.quiet = quiet
            self.limit = limit
        }
    }

    /// Detects capabilities from `environment` and, when given, a `terminal` to query.
    ///
    /// Sends the kitty graphics query, `CSI 16 t` and DA1 together and reads until the DA1 reply
    /// (terminals answer in order, so the kitty and cell-size replies, if any, come first) or
    /// `timeout` — one bounded wait for all replies. Everything read up to the DA1 reply is consumed
    /// here, so no reply reaches the key reader; when DA1 does not come in time,
    /// `repliesMayArriveLate` tells the UI to swallow it later. Inside tmux the kitty query goes
    /// through tmux passthrough to the outer terminal (tmux drops it when `allow-passthrough` is
    /// off) and its reply is awaited at most `passthroughGrace` after tmux's DA1 reply; inside
    /// GNU screen the terminal is not asked about kitty graphics. Cell size: `TIOCGWINSZ`
    /// pixels, else the `CSI 16 t` reply, else 8×16 — a reported size outside
    /// `CellSize.plausibleWidths` × `plausibleHeights` is not believed; `window` is the size when no
    /// terminal is asked (a previewer measures its terminal but must not query it). A `forced` mode
    /// wins over `SNAPTERM_GRAPHICS`, which wins over detection. Input that cannot be the replies (more
    /// than `DeviceReplies.byteBudget` bytes, or bytes outside their grammar) is a flood: it is read
    /// away until quiet (`flood`) and flushed (`discardFlood`), and no reply in it is believed. Throws only for a bad mode name.
    public static func detect(environment: [String: String], terminal: (any TerminalHandling)?,
                              window: WindowSize? = nil, forced: GraphicsMode? = nil,
                              timeout: Duration = defaultTimeout, flood: FloodDrain = .standard) throws -> TerminalCapabilities {
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

        let program = program(environment: environment)
        var replies = DeviceReplies(parsing: [])
        var late = false
        if let terminal, term != "dumb" {
            var query = multiplexer == nil ? Array(KittyGraphics.query) : []
            if multiplexer == .tmux { query = Array(TmuxPassthrough.wrap(KittyGraphics.query)) }
            query += Array((EscapeSequence.cellSizeQuery + EscapeSequence.primaryDeviceAttributesQuery).utf8)
            let asked = ContinuousClock.now
            if (try? terminal.write(query)) != nil {
                var read = terminal.read(timeout: timeout, until: DeviceReplies.endsWait)
                let answered = ContinuousClock.now - asked
                replies = DeviceReplies(parsing: read)
                late = replies.deviceAttributes == nil
                if replies.isFlood {
                    discardFlood(from: terminal, drain: flood)
                    replies = DeviceReplies(parsing: [])
                    late = false
                } else if multiplexer == .tmux, !late, replies.kittyGraphicsReply == nil {
                    // tmux answers DA1 itself; the outer terminal's kitty reply makes a round trip
                    // through the tmux client and may come just after it (or never: passthrough off).
                    read += terminal.read(timeout: passthroughWait(afterDA1Took: answered)) { DeviceReplies(parsing: $0).kittyGraphicsReply != nil }
                    replies = DeviceReplies(parsing: read)
                }
            }
        }
        let inlineImages = multiplexer == nil && (program == .wezterm || program == .iterm2)

        var cellSize = CellSize.fallback, source = CellSizeSource.fallback
        if let window = terminal?.windowSize() ?? window, window.columns > 0, window.rows > 0,
           let measured = CellSize(reportedWidth: window.pixelWidth / window.columns, height: window.pixelHeight / window.rows) {
            cellSize = measured
            source = .windowSize
        } else if let answered = replies.cellSize {
            cellSize = answered
            source = .query
        }
        return TerminalCapabilities(kittyGraphics: replies.supportsKittyGraphics, inlineImages: inlineImages,
                                    sixel: replies.advertisesSixel, cellSize: cellSize, cellSizeSource: source,
                                    colorDepth: colors, multiplexer: multiplexer,
                                    deviceAttributes: replies.deviceAttributes, mode: mode,
                                    program: program, repliesMayArriveLate: late)
    }

    /// Reads and drops replies that come after detection stopped waiting, until the DA1 reply (always
    /// the last) or `timeout` — so a slow terminal's answer is not typed into the shell after Snapterm
    /// exits. A flood is discarded (`discardFlood`). Call it only when `repliesMayArriveLate`; returns
    /// what it read.
    @discardableResult
    public static func drainLateReplies(from terminal: any TerminalHandling, timeout: Duration = .milliseconds(200)) -> [UInt8] {
        let read = terminal.read(timeout: timeout, until: DeviceReplies.endsWait)
        if DeviceReplies(parsing: read).isFlood { discardFlood(from: terminal) }
        return read
    }

    /// Reads input away until it has been quiet for `drain.quiet` (at most `drain.limit`), then
    /// flushes what is left: none of it reaches a key reader or the shell.
    public static func discardFlood(from terminal: any TerminalHandling, drain: FloodDrain = .standard) {
        let clock = ContinuousClock()
        let end = clock.now + drain.limit
        while clock.now < end {
            let chunk = terminal.read(timeout: min(drain.quiet, clock.now.duration(to: end))) { !$0.isEmpty }
            if chunk.isEmpty { break }
        }
        terminal.discardInput()
    }

    /// The terminal program from `TERM_PROGRAM`, `LC_TERMINAL`, `KITTY_WINDOW_ID` and `TERM` (a hint, not a promise).
    public static func program(environment: [String: String]) -> TerminalProgram {
        let name = (environment["TERM_PROGRAM"] ?? "").lowercased()
        let term = (environment["TERM"] ?? "").lowercased()
        if name == "wezterm" || environment["WEZTERM_EXECUTABLE"].map({ !$0.isEmpty }) ?? false { return .wezterm }
        if name == "iterm.app" || (environment["LC_TERMINAL"] ?? "").lowercased() == "iterm2" { return .iterm2 }
        if name == "ghostty" || term == "xterm-ghostty" { return .ghostty }
        if environment["KITTY_WINDOW_ID"].map({ !$0.isEmpty }) ?? false || term == "xterm-kitty" { return .kitty }
        return .other
    }

    /// Colours from `NO_COLOR`, `COLORTERM` (direct colour) and the `colors` of `TERM`'s terminfo entry —
    /// what a curses program in the same terminal (a file manager's preview pane) can show: 8 for
    /// `TERM=xterm`, whose entry has no bright colours. Without an entry, from `TERM`'s name.
    /// `terminfoColors` reads the entry (`TerminfoColors.count`; injected by tests).
    public static func colorDepth(environment: [String: String],
                                  terminfoColors: ([String: String]) -> Int? = TerminfoColors.count) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") { return .truecolor }
        switch terminfoColors(environment) {
        case .some(let count) where count >= 1 << 24: return .truecolor
        case .some(let count) where count >= 256: return .ansi256
        case .some(let count) where count >= 16: return .ansi16
        case .some(let count) where count >= 8: return .ansi8
        case .some: return .none
        case nil: return term.contains("256color") ? .ansi256 : .ansi16
        }
    }

    /// tmux or screen from `TMUX`, `STY` and `TERM`.
    public static func multiplexer(environment: [String: String]) -> Multiplexer? {
        let term = (environment["TERM"] ?? "").lowercased()
        if environment["TMUX"].map({ !$0.isEmpty }) ?? false || term.hasPrefix("tmux") { return .tmux }
        if environment["STY"].map({ !$0.isEmpty }) ?? false || term.hasPrefix("screen") { return .screen }
        return nil
    }
}
