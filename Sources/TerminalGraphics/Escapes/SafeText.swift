// SafeText: outside text made harmless before it is drawn — control characters become visible.

/// Makes text from outside (message text, file names, titles, error messages) safe to show: C0 and
/// C1 control characters and DEL are shown as visible escapes (`^[`, `^G`, `<U+009B>`), never
/// interpreted, and so are the bidirectional controls (`<U+202E>`), which would otherwise reorder
/// what follows them (a name `photo<U+202E>gpj.exe` shown as `photoexe.jpg`). The one sanitizer of
/// the app and the commands: every canvas applies it, and so does everything written to stderr.
public enum SafeText {
    /// The visible form of `text`. A tab becomes a space; with `keepingLineBreaks` (text shown as a
    /// stream of lines, not in a cell) tab, line feed and carriage return are kept as they are.
    public static func visible(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09 where keepingLineBreaks, 0x0A where keepingLineBreaks, 0x0D where keepingLineBreaks:
                out.unicodeScalars.append(scalar)
            case 0x09: out += " "
            case 0x00..<0x20: out += "^" + String(Character(Unicode.Scalar(UInt8(scalar.value + 0x40))))
            case 0x7F: out += "^?"
            case _ where isControl(scalar): out += escaped(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `scalar` must never reach the terminal as it is: a C0 or C1 control, DEL, or a
    /// bidirectional control (ALM U+061C, LRM/RLM U+200E–200F, embeddings and overrides
    /// U+202A–202E, isolates U+2066–2069).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `<U+XXXX>`, at least four hexadecimal digits.
    private static func escaped(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ">"
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

    /// `text` in at most `width` columns, cut between words: whole when it fits, else the words that fit — any
    /// trailing separator (`·`, `,`) dropped — and "…" (`1 photo · rotated 90° · cropped` → `1 photo · rotated 90°…`).
    /// A first word too wide on its own is cut inside it, as `fitted` does.
    public static func fittedAtWord(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if self.width(of: text) <= width { return text }
        let room = clipped(text, to: width - 1)
        guard let space = room.lastIndex(of: " ") else { return room + "…" }
        let words = room[..<space].reversed().drop { " ·,;:|-–—".contains($0) }.reversed()
        return words.isEmpty ? room + "…" : String(words) + "…"
    }

    /// `text` in at most `width` columns: whole when it fits, else cut with "…" as its last column, so a reader
    /// sees that more was there (`chelsea-exif-orientation-6.jpg` → `chelsea-exif-orie…`).
    /// One pass over `text` (every line a frame draws goes through here).
    public static func fitted(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        var used = 0
        var beforeEllipsis = 0  // characters that fit in `width - 1` columns, room left for "…"
        for (index, character) in text.enumerated() {
            used += self.width(of: character)
            if used > width { return String(text.prefix(beforeEllipsis)) + "…" }
            if used <= width - 1 { beforeEllipsis = index + 1 }
        }
        return text
    }

    /// Format characters that glibc gives a column (soft hyphen, prepended concatenation marks).
    private static let spacingFormatCharacters: Set<UInt32> = [
        0xAD, 0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6DD, 0x70F, 0x890, 0x891, 0x8E2, 0x110BD, 0x110CD,
    ]

    /// Columns of one scalar as glibc's `wcwidth` (which ncurses and tmux use) counts them: combining
    /// and format characters (ZWJ, variation selectors, bidi controls) 0, regional indicators 1
    /// (a flag is two), wide East Asian characters and emoji 2.
    static func columns(of scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        if properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark
            || (properties.generalCategory == .format && !spacingFormatCharacters.contains(scalar.value))
            || (0xFE00...0xFE0F).contains(scalar.value) { return 0 }
        if (0x1F1E6...0x1F1FF).contains(scalar.value) { return 1 }
        if properties.isEmojiPresentation || isWide(scalar.value) { return 2 }
        return 1
    }

    /// Whether `value` is in `wideRanges` (binary search).
    private static func isWide(_ value: UInt32) -> Bool {
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let (first, last) = wideRanges[middle]
            if value < first { high = middle - 1 } else if value > last { low = middle + 1 } else { return true }
        }
        return false
    }
}
