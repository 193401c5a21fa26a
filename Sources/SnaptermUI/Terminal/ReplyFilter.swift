// ReplyFilter: keeps terminal replies that arrive late (DA1, cell size, kitty graphics, OSC, DCS) out of the keys.
import TerminalGraphics

/// Sits between the raw key stream and the app. A terminal that answered the capability queries
/// after detection gave up sends `ESC [ ? … c` (DA1), `ESC [ 6 ; h ; w t` (cell size),
/// `ESC _ G … ESC \` (kitty graphics) — or an OSC or DCS string — into the input; ncurses hands
/// those over as an Escape and plain characters (the `?` would open the keys overlay). The filter
/// reads them by their grammar (`ReplyScanner`): it holds keys that may start a reply, swallows a
/// complete one whatever its length, and gives back anything else unchanged.
///
/// Keys are held only while it is unsure: past `holdLimit` keys inside a string control no typist
/// could be the source, so the held keys are dropped and the rest of the string is discarded as it
/// comes, up to its terminator. `nil` (no key within the input timeout) gives back keys still held
/// (a lone Escape press is delayed by one read) and ends a discarded string the terminal never closed.
public struct ReplyFilter: Sendable {
    private var scanner = ReplyScanner()
    private var held: [Key] = []
    private var discarding = false
    /// The most keys held while unsure whether they are a reply.
    public static let holdLimit = 64

    public init() {}

    /// True while keys are held, or a reply is being discarded: more input is expected at once.
    public var isHolding: Bool { !held.isEmpty || discarding }

    /// Feeds one key (or `nil` for "no key came"); returns the keys the app should see now.
    public mutating func feed(_ key: Key?) -> [Key] {
        guard let key else {
            scanner.reset()
            discarding = false
            return release()
        }
        guard let bytes = Self.bytes(of: key) else {
            // A decoded key (an arrow, a wheel step) is never inside a reply.
            scanner.reset()
            discarding = false
            return release() + [key]
        }
        var outcome = ReplyScanner.Step.key
        for byte in bytes {
            outcome = scanner.feed(byte)
            if case .notAReply = outcome { break }
        }
        switch outcome {
        case .key:
            return release() + [key]
        case .notAReply:
            scanner.reset()
            discarding = false
            return release() + [key]
        case .reply:
            held = []
            discarding = false
            return []
        case .open:
            if discarding { return [] }
            held.append(key)
            if held.count > Self.holdLimit, scanner.isInsideString {
                held = []
                discarding = true
            }
            return []
        }
    }

    private mutating func release() -> [Key] {
        let keys = held
        held = []
        return keys
    }

    /// The bytes a key stands for in the input, or `nil` for keys ncurses decoded from a sequence.
    private static func bytes(of key: Key) -> [UInt8]? {
        switch key {
        case .escape: [EscapeSequence.escapeByte]
        case .character(let character): Array(String(character).utf8)
        case .enter: [0x0D]
        case .tab: [0x09]
        case .backspace: [0x7F]
        case .control(let letter): letter.asciiValue.map { [$0 & 0x1F] }
        default: nil
        }
    }
}
