// KeyHelp: one line of the `?` panel — keys as a user types them, and what they do.
import TerminalGraphics

/// Keys and what they do, as the `?` panel shows them.
public struct KeyHelp: Sendable, Equatable {
    /// The keys as written in the panel (`"↑ ↓  j k"`, `"c"`); a screen's `"c"` hides the app's `"c"` there.
    public let keys: String
    /// What they do.
    public let meaning: String

    /// Creates a line of help.
    public init(_ keys: String, _ meaning: String) {
        self.keys = keys
        self.meaning = meaning
    }

    /// The line as shown: the keys in a column of their own, then the meaning.
    var line: String {
        "  " + keys + String(repeating: " ", count: max(1, 21 - SafeText.width(of: keys))) + meaning
    }
}
