// KeyScript: keys written as words (`Tab Enter Down*3 q`), fed to the app before the keyboard.
import TerminalGraphics

/// Why a key script could not be read.
public struct KeyScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the script.
    public enum Reason: Sendable, Equatable {
        /// The word names no key.
        case unknownKey
        /// The script asks for more than `KeyScript.maxKeys` keys.
        case tooManyKeys(limit: Int)
    }

    /// The word that names no key (or the one that went over the limit).
    public let word: String
    /// What is wrong.
    public let reason: Reason

    public init(word: String, reason: Reason = .unknownKey) {
        self.word = word
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .unknownKey:
            "unknown key '\(SafeText.visible(word))' (use names like Tab, Enter, Esc, Down, PgDn, C-l, or single characters)"
        case .tooManyKeys(let limit):
            "the key script has more than \(limit) keys (at '\(SafeText.visible(word))')"
        }
    }
}

/// Parses key scripts: words separated by spaces, each a key name or one character, optionally
/// repeated with `*N` (`Down*3`, N in 1…1000). `Space` is the space bar. Any text either parses or
/// throws `KeyScriptError`; a script holds at most `maxKeys` keys.
public enum KeyScript {
    /// The most keys one script may hold.
    public static let maxKeys = 100_000

    static let names: [String: Key] = [
        "tab": .tab, "enter": .enter, "esc": .escape, "escape": .escape, "up": .up, "down": .down,
        "left": .left, "right": .right, "pgup": .pageUp, "pgdn": .pageDown, "home": .home, "end": .end,
        "backspace": .backspace, "delete": .delete, "space": .character(" "),
    ]

    /// The keys of `script`.
    public static func parse(_ script: String) throws(KeyScriptError) -> [Key] {
        var keys: [Key] = []
        for word in script.split(separator: " ").map(String.init) {
            var name = word
            var count = 1
            if let star = word.lastIndex(of: "*"), star != word.startIndex, let repeats = Int(word[word.index(after: star)...]),
               (1...1000).contains(repeats) {
                name = String(word[..<star])
                count = repeats
            }
            guard keys.count + count <= maxKeys else { throw KeyScriptError(word: word, reason: .tooManyKeys(limit: maxKeys)) }
            keys += Array(repeating: try key(named: name), count: count)
        }
        return keys
    }

    private static func key(named name: String) throws(KeyScriptError) -> Key {
        if let key = names[name.lowercased()] { return key }
        if name.count == 3, name.lowercased().hasPrefix("c-"), let letter = name.last, letter.isASCII, letter.isLetter {
            return .control(Character(letter.lowercased()))
        }
        if name.count == 1, let character = name.first { return .character(character) }
        throw KeyScriptError(word: name)
    }
}
