// SnaptermApp: the run loop — keys in, screens drawn, pictures placed, the cache demo's toggles.
import Foundation
import MessageStore
import SchemeLoader
import TerminalGraphics

/// The terminal application: a header, the current screen, a status bar, and overlays (keys,
/// stats). Text goes through the `TerminalScreen`; pictures are placed behind it through `output`
/// after each refresh, re-sending only those that moved or changed.
@MainActor
public final class SnaptermApp {
    /// The app-wide state the screens share.
    public let state: AppState
    /// What the last frame did with pictures (sent, kept, erased).
    public private(set) var lastFrame = ImagePlacer.FrameReport()
    /// Frames drawn so far.
    public private(set) var framesDrawn = 0

    private let terminal: any TerminalScreen
    private let output: any TerminalOutput
    private let placer: ImagePlacer
    private let tabs: [any Screen]
    private var tabIndex = 0
    private var pushed: [any Screen] = []
    private var overlay: Overlay?
    private var needsDraw = true {
        didSet { if needsDraw { wakeUp.signal() } }
    }
    private var running = true
    private var lastDraw = ContinuousClock.now
    private var lastKey = ContinuousClock.now
    private var drewWhileBusy = false
    private let wakeUp = WakeUp()
    /// How often the screen is redrawn while pictures load (moving bars, the status line's counters).
    static let busyRefresh = Duration.milliseconds(250)
    /// How often screens tick for a while after a key (a scroll settling: prefetch planning).
    static let settleTick = Duration.milliseconds(16)
    /// How long after a key screens keep ticking.
    static let settleTime = Duration.seconds(1)
    private var laidOutSize: (rows: Int, columns: Int) = (0, 0)
    private var scriptedKeys: [Key] = []
    private var writesObservation: MessageWriter.Observation?

    /// Creates the app over `tabs` (top-level screens, Tab cycles through them).
    public init(state: AppState, terminal: any TerminalScreen, output: any TerminalOutput, tabs: [any Screen]) {
        precondition(!tabs.isEmpty, "the app needs at least one screen")
        self.state = state
        self.terminal = terminal
        self.output = output
        self.tabs = tabs
        placer = ImagePlacer(kittyPlaceholders: state.usesKittyPlaceholders)
        for screen in tabs { watch(screen) }
        // The status line says when message writes wait for the database: redraw when that changes.
        writesObservation = state.messageWriter?.observe { [weak self] in
            Task { @MainActor in self?.needsDraw = true }
        }
        // A sync stored messages or changed state: the screens read the store again.
        state.connection?.onChange = { [weak self] in
            guard let self else { return }
            for screen in tabs + pushed { screen.messagesChanged() }
            markShownConversationRead()
            needsDraw = true
        }
        state.connection?.onArrival = { [weak self] conversations in self?.announce(conversations) }
    }

    deinit { writesObservation?.cancel() }

    /// Queues keys to handle before any from the keyboard, one per frame (a demo, a screenshot).
    public func play(_ keys: [Key]) { scriptedKeys += keys }

    /// The screen on top.
    public var currentScreen: any Screen { pushed.last ?? tabs[tabIndex] }

    /// Whether the app is still running (false after `q`).
    public var isRunning: Bool { running }

    /// The body area: everything between the header row and the status row, so no picture
    /// ever reaches the last row (which would scroll the whole terminal).
    public var bodyArea: CellRect {
        let size = terminal.size
        return CellRect(row: 1, column: 0, rows: max(1, size.rows - 2), columns: max(1, size.columns))
    }

    /// Runs until the user quits: reads keys, lets loads land, draws when something changed. With
    /// nothing to do it sleeps until a key, a change or a timer: redraws every `busyRefresh` only
    /// while pictures load, ticks only for `settleTime` after a key.
    public func run() async {
        while running {
            var acted = false
            if !scriptedKeys.isEmpty, framesDrawn > 0 {
                handle(scriptedKeys.removeFirst())
                acted = true
            }
            // One key per frame: drawing right after it keeps input-to-screen time to the draw itself.
            if let key = terminal.nextKey() {
                handle(key)
                acted = true
                lastKey = ContinuousClock.now
            }
            currentScreen.tick()
            let busy = isBusy
            let countdown = state.connection?.statusCountsDown == true && ContinuousClock.now - lastDraw >= .seconds(1)
            if needsDraw || countdown || ((busy || drewWhileBusy) && ContinuousClock.now - lastDraw > Self.busyRefresh) {
                drawFrame()
                drewWhileBusy = busy
            }
            if acted || needsDraw || !scriptedKeys.isEmpty {
                await Task.yield()  // let finished loads reach their cells (they arrive on the main actor)
            } else {
                terminal.whenInputMayBeReady { [wakeUp] in wakeUp.signal() }
                await wakeUp.wait(until: nextWake(busy: busy))
            }
        }
        output.write(placer.finish())  // leave no picture behind (kitty: placements deleted, images freed)
    }

    /// Whether pictures are loading: placeholders on screen or loads in flight.
    private var isBusy: Bool {
        currentScreen.placeholderCount.placeholders > 0 || state.loader.statistics.inFlight > 0
    }

    /// When the loop must wake with no key or change: the next tick while settling after a key, the
    /// next refresh while busy (and one after), else never.
    private func nextWake(busy: Bool) -> ContinuousClock.Instant? {
        let now = ContinuousClock.now
        var wake: ContinuousClock.Instant?
        if now - lastKey < Self.settleTime { wake = now + Self.settleTick }
        if busy || drewWhileBusy {
            let refresh = lastDraw + Self.busyRefresh
            wake = wake.map { min($0, refresh) } ?? refresh
        }
        if state.connection?.statusCountsDown == true {
            let second = lastDraw + .seconds(1)
            wake = wake.map { min($0, second) } ?? second
        }
        return wake
    }

    /// Handles one key: the current screen first, then the app's own keys.
    public func handle(_ key: Key) {
        needsDraw = true
        if key == .resize || key == .control("l") {
            redrawEverything()
            return
        }
        if let open = overlay {
            if open.closes(on: key) { overlay = nil }
            return
        }
        switch currentScreen.handle(key) {
        case .none: return
        case .push(let kind): push(kind)
        case .pop: pop()
        case .quit: running = false
        case .unhandled: handleAppKey(key)
        }
    }

    /// Composes and writes one frame: text through the terminal, then pictures over it.
    public func drawFrame() {
        let size = terminal.size
        if size != laidOutSize { layout() }
        terminal.clear()
        drawHeader(width: size.columns)
        var pictures: [PlacedPicture] = []
        if let overlay {
            overlay.draw(on: terminal, area: bodyArea)
        } else {
            pictures = currentScreen.draw(on: terminal, area: bodyArea, options: DrawOptions(showsBadges: state.showsBadges, phase: framesDrawn))
        }
        drawStatus(row: size.rows - 1, width: size.columns)
        scrollPicturesWithTheTerminal(to: pictures)
        let frame = placer.frame(pictures)
        if !frame.erase.isEmpty { output.write(frame.erase) }
        terminal.refresh()
        if !frame.draw.isEmpty { output.write(frame.draw) }
        lastFrame = frame.report
        framesDrawn += 1
        needsDraw = false
        lastDraw = ContinuousClock.now
    }

    /// Sixel terminals that move pixels with their text (xterm): scroll the body instead of re-sending.
    private func scrollPicturesWithTheTerminal(to pictures: [PlacedPicture]) {
        guard state.terminalScrollsPictures, terminal.followsRegionScrolls,
              let scroll = placer.regionScroll(to: pictures, in: bodyArea) else { return }
        output.write(scroll.bytes)
        placer.apply(scroll)
        terminal.regionScrolled(top: scroll.region.row, bottom: scroll.region.row + scroll.region.rows - 1,
                                by: scroll.delta, garbled: [scroll.garbledRow])
    }

    private func handleAppKey(_ key: Key) {
        switch key {
        case .character("q"): running = false
        case .escape: pop()
        case .character("?"): overlay = .help(screen: currentScreen.title, keys: currentScreen.keyHelp)
        case .tab:
            pushed = []
            tabIndex = (tabIndex + 1) % tabs.count
            currentScreen.didAppear()
        case .character("b"): state.showsBadges.toggle()
        case .character("c"):
            state.isCachingEnabled.toggle()
            currentScreen.reload()
        case .character("C"):
            Task { @MainActor in
                await state.emptyCaches()
                currentScreen.reload()
                needsDraw = true
            }
        case .character("s"):
            overlay = .stats(["Collecting…"])
            Task { @MainActor in
                let lines = await StatusLine.panel(state)
                if case .stats? = overlay { overlay = .stats(lines) }
                needsDraw = true
            }
        default: break
        }
    }

    private func push(_ kind: ScreenKind) {
        guard let screen = ScreenFactory.make(kind, state: state) else { return }
        watch(screen)
        screen.layout(in: bodyArea)
        pushed.append(screen)
        markShownConversationRead()
    }

    /// A message arrived in a conversation not on screen: the terminal is told (once per sync).
    private func announce(_ conversations: [Int64]) {
        let shown = (currentScreen as? ConversationScreen)?.conversationID
        guard let other = conversations.first(where: { $0 != shown }), state.notification != .off else { return }
        let title = (try? state.messages?.conversations().first { $0.id == other }?.conversation.title) ?? nil
        output.write(state.notification.bytes(room: title ?? "a conversation"))
    }

    /// The conversation on screen, if any, has been read: its connection says so to the server.
    private func markShownConversationRead() {
        guard let conversation = currentScreen as? ConversationScreen else { return }
        state.connection?.shown(conversationID: conversation.conversationID)
    }

    /// Closes the top screen; the one below is laid out again (a picker may have changed its draft).
    private func pop() {
        guard !pushed.isEmpty else { return }
        pushed.removeLast()
        currentScreen.layout(in: bodyArea)
        currentScreen.didAppear()
    }

    private func watch(_ screen: any Screen) {
        screen.onChange = { [weak self] in self?.needsDraw = true }
    }

    private func layout() {
        laidOutSize = terminal.size
        for screen in tabs + pushed { screen.layout(in: bodyArea) }
    }

    /// After a resize or Ctrl-L: lay out again and send every cell and picture anew.
    private func redrawEverything() {
        terminal.invalidate()
        placer.invalidate()
        layout()
    }

    private func drawHeader(width: Int) {
        let names = tabs.enumerated().map { index, screen in index == tabIndex ? "[\(screen.title)]" : screen.title }
        var text = " Snapterm │ " + names.joined(separator: " ")
        if !pushed.isEmpty { text += " › " + currentScreen.title }
        let mode = state.graphics.rawValue + " "
        let left = SafeText.fitted(text, to: max(0, width - mode.count))
        let gap = max(0, width - SafeText.width(of: left) - mode.count)
        terminal.put(left + String(repeating: " ", count: gap) + mode, row: 0, column: 0, style: .reverse)
    }

    private func drawStatus(row: Int, width: Int) {
        let text = " " + StatusLine.text(state, blank: currentScreen.placeholderCount)
        terminal.put(text, row: row, column: 0, width: width - 1, style: .reverse)
    }
}
