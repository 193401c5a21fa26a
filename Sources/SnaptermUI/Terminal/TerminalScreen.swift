// TerminalScreen: what the app needs from a terminal — a text canvas, keys, refresh and full redraw.

/// A terminal the app runs on: ncurses in the real app, a scripted in-memory screen in tests.
@MainActor
public protocol TerminalScreen: TextCanvas {
    /// The next key, or `nil` when none arrived within a short timeout.
    func nextKey() -> Key?
    /// Sends what was drawn since the last refresh to the terminal.
    func refresh()
    /// Forgets what the terminal shows, so the next refresh redraws every cell (Ctrl-L, resize).
    func invalidate()
    /// Whether the app may scroll a region of the terminal itself and tell the screen (`regionScrolled`).
    var followsRegionScrolls: Bool { get }
    /// The terminal scrolled rows `top…bottom` by `count` (positive: up); `garbled` rows must be rewritten.
    func regionScrolled(top: Int, bottom: Int, by count: Int, garbled: [Int])
    /// Calls `ready` once, on the main actor, when a key (or a resize) may be waiting — so an idle app
    /// sleeps instead of polling; the app then reads keys until `nextKey` returns `nil`.
    func whenInputMayBeReady(_ ready: @escaping @MainActor @Sendable () -> Void)
}

extension TerminalScreen {
    /// Whether the app may scroll a region of the terminal itself and tell the screen (`regionScrolled`).
    public var followsRegionScrolls: Bool { false }
    /// The terminal scrolled rows `top…bottom` by `count` (positive: up); `garbled` rows must be rewritten.
    public func regionScrolled(top: Int, bottom: Int, by count: Int, garbled: [Int]) {}
    /// A screen that cannot watch its input says "maybe" at once: the app polls it.
    public func whenInputMayBeReady(_ ready: @escaping @MainActor @Sendable () -> Void) { ready() }
}

