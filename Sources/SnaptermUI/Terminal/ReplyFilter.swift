// ReplyFilter: keeps terminal replies that arrive late (DA1, cell size, kitty graphics) out of the keys.
import Foundation

/// Sits between the raw key stream and the app. A terminal that answered the capability queries
/// after detection gave up sends `ESC [ ? … c` (DA1), `ESC [ 6 ; h ; w t` (cell size) or
/// `ESC _ G … ESC \` (kitty graphics) into the input; ncurses hands those over as an Escape and
/// plain characters — the `?` would open the keys overlay. The filter holds keys that start such
/// a sequence, swallows a complete reply, and gives back anything else unchanged. `nil` (no key
/// within the input timeout) releases what it holds: a lone Escape press is delayed by one poll.
public struct ReplyFilter: Sendable {
    private enum State: Sendable { case idle, escape, csi, apc, apcEscape }

    private var state = State.idle
    private var held: [Key] = []
    private var body = ""
    /// The longest reply it will hold; longer input is given back as keys.
    private static let limit = 512

    public init() {}

    /// True while keys are held because they may be the start of a reply.
    public var isHolding: Bool { !held.isEmpty }

    /// Feeds one key (or `nil` for "no key came"); returns the keys the app should see now.
    public mutating func feed(_ key: Key?) -> [Key] {
        guard let key else { return release() }
        switch state {
        case .idle:
            guard key == .escape else { return [key] }
            hold(key, next: .escape)
        case .escape:
            switch key {
            case .character("["): hold(key, next: .csi)
            case .character("_"): hold(key, next: .apc)
            default: return release() + [key]
            }
        case .csi:
            guard case .character(let character) = key else { return release() + [key] }
            if character.isASCII, character.isNumber || character == ";" || (character == "?" && body.isEmpty) {
                body.append(character)
                hold(key, next: .csi)
            } else if (character == "c" && body.hasPrefix("?")) || (character == "t" && body.hasPrefix("6;")) {
                swallow()
            } else {
                return release() + [key]
            }
        case .apc:
            if key == .escape { hold(key, next: .apcEscape); break }
            guard case .character(let character) = key, body.isEmpty ? character == "G" : true else { return release() + [key] }
            body.append(character)
            hold(key, next: .apc)
        case .apcEscape:
            if key == .character("\\") { swallow() } else { return release() + [key] }
        }
        return held.count > Self.limit ? release() : []
    }

    private mutating func hold(_ key: Key, next: State) {
        held.append(key)
        state = next
    }

    private mutating func swallow() {
        held = []
        body = ""
        state = .idle
    }

    private mutating func release() -> [Key] {
        let keys = held
        swallow()
        return keys
    }
}
