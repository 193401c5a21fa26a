// TextEditor: one line of text being typed — a cursor that moves by whole characters (grapheme clusters).
import TerminalGraphics

/// The text of a draft while it is typed: insert at the cursor, delete either side, move by
/// whole characters (so a wide CJK character, an emoji, a flag, a ZWJ family or a letter with
/// its accents is one step).
///
/// Typed keys arrive one Unicode scalar at a time, and a scalar may join the character before it
/// (a second regional indicator, a skin-tone modifier, a ZWJ, a combining accent) or, after a
/// delete, two neighbours may join. So the cursor is never counted up or down by one: after every
/// change it is found again from where the edit ended in the text, and it always lies in `0…count`.
public struct TextEditor: Sendable, Equatable {
    /// The text.
    public private(set) var text: String
    /// The cursor, in characters (grapheme clusters) from the start (0…text.count).
    public private(set) var cursor: Int

    /// Starts editing `text` with the cursor at its end.
    public init(text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// Inserts `character` at the cursor (control characters are refused: they stay out of drafts).
    /// The cursor ends after it, or after the character it joined.
    public mutating func insert(_ character: Character) {
        guard !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return }
        let at = index(cursor)
        let end = utf8Offset(at) + character.utf8.count
        text.insert(character, at: at)
        placeCursor(atUTF8Offset: end)
    }

    /// Deletes the character before the cursor.
    public mutating func backspace() {
        guard cursor > 0 else { return }
        let at = index(cursor - 1)
        let offset = utf8Offset(at)
        text.remove(at: at)
        placeCursor(atUTF8Offset: offset)
    }

    /// Deletes the character under the cursor.
    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        let at = index(cursor)
        let offset = utf8Offset(at)
        text.remove(at: at)
        placeCursor(atUTF8Offset: offset)
    }

    /// Moves the cursor by `offset` characters (clamped).
    public mutating func move(by offset: Int) {
        let count = text.count
        if offset < 0 {
            cursor = offset <= -cursor ? 0 : cursor + offset
        } else {
            cursor = offset >= count - cursor ? count : cursor + offset
        }
    }

    /// Moves the cursor to the start.
    public mutating func moveToStart() { cursor = 0 }

    /// Moves the cursor to the end.
    public mutating func moveToEnd() { cursor = text.count }

    /// Empties the text.
    public mutating func clear() {
        text = ""
        cursor = 0
    }

    /// The terminal column of the cursor (each character as wide as `SafeText.width(of:)` says).
    public var cursorColumn: Int { text.prefix(cursor).reduce(0) { $0 + SafeText.width(of: $1) } }

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

    /// The index of the character `offset` from the start, clamped to the text.
    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: max(0, offset), limitedBy: text.endIndex) ?? text.endIndex
    }

    private func utf8Offset(_ index: String.Index) -> Int { text.utf8.distance(from: text.startIndex, to: index) }

    /// Puts the cursor after every character that starts before `offset` (UTF-8 bytes from the start):
    /// the boundary at or after the edit, even when the edit joined characters together.
    private mutating func placeCursor(atUTF8Offset offset: Int) {
        let target = text.utf8.index(text.startIndex, offsetBy: max(0, min(offset, text.utf8.count)))
        var count = 0
        var position = text.startIndex
        while position < target {
            text.formIndex(after: &position)
            count += 1
        }
        cursor = count
    }
}
