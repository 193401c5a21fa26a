// KeyScript: keys written as words (`Tab Enter Down*3 q`), fed to the app before the keyboard.

/// Why a key script could not be read.
public struct KeyScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The word that names no key.
    public let word: String
    public init(word: String) { self.word = word }
    public var description: String { "unknown key '\(word)' (use names like Tab, Enter, Esc, Down, PgDn, C-l, or single characters)" }
}

/// Parses key scripts: words separated by spaces, each a key name or one character, optionally
/// repeated with `*N` (`Down*3`). `Space` is the space bar.
public enum KeyScript {
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
            keys += Array(repeating: try key(named: name), count: count)
        }
        return keys
    }

    private static func key(named name: String) throws(KeyScriptError) -> Key {
        if let key = names[name.lowercased()] { return key }
        if name.count == 3, name.lowercased().hasPrefix("c-"), let letter = name.last, letter.isLetter {
            return .control(Character(letter.lowercased()))
        }
        if name.count == 1, let character = name.first { return .character(character) }
        throw KeyScriptError(word: name)
    }
}
