// TextEditor: one line of text being typed — a cursor that moves by characters, wide ones included.

/// The text of a draft while it is typed: insert at the cursor, delete either side, move by
/// whole characters (so a wide CJK character or an emoji is one step and two columns).
public struct TextEditor: Sendable, Equatable {
    /// The text.
    public private(set) var text: String
    /// The cursor, in characters from the start (0…count).
    public private(set) var cursor: Int

    /// Starts editing `text` with the cursor at its end.
    public init(text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// Inserts `character` at the cursor (control characters are refused: they stay out of drafts).
    public mutating func insert(_ character: Character) {
        guard !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return }
        text.insert(character, at: index(cursor))
        cursor += 1
    }

    /// Deletes the character before the cursor.
    public mutating func backspace() {
        guard cursor > 0 else { return }
        text.remove(at: index(cursor - 1))
        cursor -= 1
    }

    /// Deletes the character under the cursor.
    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: index(cursor))
    }

    /// Moves the cursor by `offset` characters (clamped).
    public mutating func move(by offset: Int) { cursor = max(0, min(text.count, cursor + offset)) }

    /// Moves the cursor to the start.
    public mutating func moveToStart() { cursor = 0 }

    /// Moves the cursor to the end.
    public mutating func moveToEnd() { cursor = text.count }

    /// Empties the text.
    public mutating func clear() {
        text = ""
        cursor = 0
    }

    /// The terminal column of the cursor (wide characters count two).
    public var cursorColumn: Int { SafeText.width(of: String(text.prefix(cursor))) }

    /// Applies an editing key; returns whether it was one.
    public mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(character)
        case .backspace: backspace()
        case .delete: deleteForward()
        case .left: move(by: -1)
        case .right: move(by: 1)
        case .home, .control("a"): moveToStart()
        case .end, .control("e"): moveToEnd()
        default: return false
        }
        return true
    }

    private func index(_ offset: Int) -> String.Index { text.index(text.startIndex, offsetBy: offset) }
}
