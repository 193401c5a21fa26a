// SafeText: outside text made harmless before it is drawn — control characters become visible.

/// Makes text from outside (message text, file names, titles) safe to draw: C0 and C1 control
/// characters and DEL are shown as visible escapes (`^[`, `^G`, `<9B>`), never interpreted.
public enum SafeText {
    /// The visible form of `text`.
    public static func visible(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: out += " "
            case 0x00..<0x20: out += "^" + String(Character(Unicode.Scalar(UInt8(scalar.value + 0x40))))
            case 0x7F: out += "^?"
            case 0x80..<0xA0: out += "<" + String(scalar.value, radix: 16, uppercase: true) + ">"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Display width in terminal columns (wide East Asian characters and emoji count 2, combining marks 0).
    public static func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
    }

    /// Display width of one character (a grapheme cluster): the sum of its scalars' columns, the
    /// way ncurses lays it out — never less than what the terminal uses, so a line that fits here fits there.
    public static func width(of character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
    }

    /// The longest prefix of `text` that fits in `width` columns (empty when `width` ≤ 0).
    public static func clipped(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        var used = 0
        var out = ""
        for character in text {
            let w = self.width(of: character)
            if used + w > width { break }
            used += w
            out.append(character)
        }
        return out
    }

    static func columns(of scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        if properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark
            || scalar.value == 0x200D || (0xFE00...0xFE0F).contains(scalar.value) { return 0 }
        if properties.isEmojiPresentation { return 2 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD: return 2
        default: return 1
        }
    }
}
