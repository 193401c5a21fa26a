// CursesScreen: the ncurses session — a TextCanvas on the real terminal, keys in, restored on exit.
import CNcurses
import Foundation
import TerminalGraphics

/// The ncurses screen. Only one exists at a time; `end()` (also called on signals and exit)
/// gives the terminal back as it was.
@MainActor
public final class CursesScreen: TerminalScreen {
    private var active = false
    private var replies = ReplyFilter()
    private var pending: [Key] = []
    private var watch: InputWatch?
    /// How long a read waits for the rest of a sequence that may be a terminal reply (milliseconds).
    private static let sequenceGap: Int32 = 25

    /// Starts ncurses on the controlling terminal with `terminalName` (a terminfo entry).
    public init(terminalName: String?) throws {
        _ = snapterm_set_locale()
        if let terminalName {
            guard let screen = newterm(terminalName, snapterm_stdout(), snapterm_stdin()) else {
                throw UIError.terminalUnavailable(terminalName)
            }
            _ = set_term(screen)
        } else if initscr() == nil {
            throw UIError.terminalUnavailable("default")
        }
        active = true
        cbreak()
        noecho()
        nonl()
        keypad(snapterm_stdscr(), true)
        _ = curs_set(0)
        idlok(snapterm_stdscr(), false)
        scrollok(snapterm_stdscr(), false)
        leaveok(snapterm_stdscr(), true)
        // No typeahead check: ncurses otherwise stops a refresh half-way when input is waiting (a key, a
        // terminal's late reply) and writes the rest on the next one — after the pictures were drawn over
        // what it had not written yet, so the spaces that replace a "loading" text punch holes in them (seen
        // in xterm on 3 of 3 cold starts of a folder gallery).
        _ = typeahead(-1)
        set_escdelay(25)
        _ = mousemask(snapterm_wheel_up() | snapterm_wheel_down(), nil)
        timeout(0)
        watch = InputWatch()
    }

    public var size: (rows: Int, columns: Int) { (Int(snapterm_lines()), Int(snapterm_cols())) }

    public func clear() { erase() }

    public func put(_ text: String, row: Int, column: Int, width: Int, style: TextStyle) {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns, width > 0 else { return }
        var attributes: attr_t = 0
        if style.contains(.bold) { attributes |= snapterm_a_bold() }
        if style.contains(.reverse) { attributes |= snapterm_a_reverse() }
        if style.contains(.dim) { attributes |= snapterm_a_dim() }
        if style.contains(.underline) { attributes |= snapterm_a_underline() }
        let fitted = SafeText.fitted(SafeText.visible(text), to: min(width, size.columns - column))
        _ = snapterm_put(Int32(row), Int32(column), fitted, attributes)
    }

    /// Sends the drawn text to the terminal. No row ends in blanks (`snapterm_keep_line_ends`): ncurses' clear to
    /// the end of a line would otherwise be spaces written over the pictures to the right of the text it clears
    /// (holes in xterm where a "loading" text had been).
    public func refresh() {
        snapterm_keep_line_ends()
        wrefresh(snapterm_stdscr())
    }

    /// ncurses can be told about a scroll the app made (its screen image is shifted to match).
    public var followsRegionScrolls: Bool { true }

    /// The app scrolled rows `top…bottom` by `count` with DECSTBM + SU/SD: shift ncurses' image of the
    /// screen the same way, and have it rewrite the `garbled` rows on the next refresh.
    public func regionScrolled(top: Int, bottom: Int, by count: Int, garbled: [Int]) {
        snapterm_curscr_scrolled(Int32(top), Int32(bottom), Int32(count))
        for row in garbled where row >= 0 && row < size.rows { _ = wredrawln(snapterm_stdscr(), Int32(row), 1) }
    }

    /// Forgets what the terminal shows, so the next refresh redraws every cell.
    public func invalidate() { _ = clearok(snapterm_stdscr(), true) }

    /// The next key, or `nil` when none is waiting (it does not wait). Terminal replies that arrive
    /// late (DA1, kitty graphics) are swallowed by `ReplyFilter`, never seen as keys: while it holds
    /// the start of one, reads wait `sequenceGap` for the rest.
    public func nextKey() -> Key? {
        if !pending.isEmpty { return pending.removeFirst() }
        var reads = 0
        repeat {
            timeout(replies.isHolding ? Self.sequenceGap : 0)
            let raw = readKey()
            pending += replies.feed(raw)
            reads += 1
            if raw == nil { break }
        } while replies.isHolding && reads < 1024
        return pending.isEmpty ? nil : pending.removeFirst()
    }

    private func readKey() -> Key? {
        var character: wint_t = 0
        let kind = get_wch(&character)
        if kind == ERR { return nil }
        if kind == KEY_CODE_YES { return Self.decode(functionKey: Int32(character)) }
        guard let scalar = Unicode.Scalar(UInt32(character)) else { return nil }
        switch scalar.value {
        case 0x0D, 0x0A: return .enter
        case UInt32(EscapeSequence.escapeByte): return .escape
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(scalar.value + 0x60)!))
        default: return .character(Character(scalar))
        }
    }

    /// Wakes the app when the terminal has input or was resized (see `InputWatch`).
    public func whenInputMayBeReady(_ ready: @escaping @MainActor @Sendable () -> Void) {
        guard let watch else { return ready() }
        watch.arm(ready)
    }

    /// Ends ncurses and restores the terminal (idempotent).
    public func end() {
        guard active else { return }
        active = false
        watch?.stop()
        watch = nil
        _ = curs_set(1)
        endwin()
    }

    private static func decode(functionKey code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case snapterm_key_resize(): return .resize
        case snapterm_key_mouse():
            var event = MEVENT()
            guard getmouse(&event) == OK else { return nil }
            if event.bstate & snapterm_wheel_up() != 0 { return .wheelUp }
            if event.bstate & snapterm_wheel_down() != 0 { return .wheelDown }
            return nil
        default: return nil
        }
    }
}

/// Why the UI could not run.
public enum UIError: Error, Sendable, CustomStringConvertible {
    /// ncurses could not start on this terminal.
    case terminalUnavailable(String)
    /// Standard input or output is not a terminal.
    case notATerminal
    /// The folder given to the gallery does not exist or is not a folder.
    case notAFolder(path: String, reason: String)
    /// The gallery's folder could not be listed.
    case folderUnreadable(path: String, reason: String)
    /// A path named for a gallery of pictures is missing, or is neither a file nor a folder.
    case notAPicture(path: String, reason: String)
    /// A gallery of the pictures named (`name`) would be empty.
    case noPictures(name: String)

    public var description: String {
        switch self {
        case .notAFolder(let path, let reason): "\(SafeText.visible(path)): \(reason)"
        case .folderUnreadable(let path, let reason): "cannot list the folder \(SafeText.visible(path)): \(reason)"
        case .notAPicture(let path, let reason): "\(SafeText.visible(path)): \(reason)"
        case .noPictures(let name): "no pictures to show in \(SafeText.visible(name))"
        case .terminalUnavailable(let name): "cannot start the terminal UI (terminal type '\(name)')"
        case .notATerminal: "snapterm's UI needs a terminal; use `snapterm render` or `snapterm fetch` in scripts"
        }
    }
}
