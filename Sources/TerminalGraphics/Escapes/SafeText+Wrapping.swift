// SafeText+Wrapping: outside text broken into lines that fit a width — in one pass, always making progress.

extension SafeText {
    /// What a character wider than the whole line is shown as: one column, so layout always advances.
    public static let standIn: Character = "?"

    /// `text` made visible and broken into lines of at most `width` columns (at spaces when it can).
    ///
    /// One pass over the text (linear in its length, and it stops after `maxLines` lines). A word
    /// longer than the line is broken between characters; a character wider than the whole line
    /// (a two-column emoji in a one-column space) becomes `standIn`. The space at each break is
    /// dropped; nothing else is lost. No lines when `width` ≤ 0.
    public static func wrapped(_ text: String, width: Int, maxLines: Int = .max) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var wrapper = Wrapper(width: width, maxLines: maxLines)
        for character in text {
            if wrapper.isFull || wrapper.wordFillsTheRest { break }
            if character.unicodeScalars.contains(where: isControl) {
                for shown in visible(String(character)) { wrapper.add(shown) }
            } else {
                wrapper.add(character)
            }
        }
        return wrapper.finish()
    }

    /// The greedy line breaker: the current line, and the word that is still being read.
    private struct Wrapper {
        let width: Int
        let maxLines: Int
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        var lineStarted = false
        var word: [(character: Character, width: Int)] = []
        var wordWidth = 0

        init(width: Int, maxLines: Int) {
            self.width = width
            self.maxLines = maxLines
        }

        var isFull: Bool { lines.count >= maxLines }

        /// True when the word being read is already wider than every line still allowed: whatever
        /// follows, it fills them, so the rest of the text need not be read (a huge unbroken text
        /// costs only its visible lines).
        var wordFillsTheRest: Bool {
            let left = maxLines - lines.count
            return left < Int.max / (2 * width) && wordWidth > width * (left + 1)
        }

        mutating func add(_ character: Character) {
            if character == " " {
                place()
                return
            }
            var shown = character, columns = SafeText.width(of: character)
            if columns > width { (shown, columns) = (SafeText.standIn, 1) }
            word.append((shown, columns))
            wordWidth += columns
        }

        mutating func finish() -> [String] {
            if !word.isEmpty || lineStarted { place() }
            if lineStarted || lines.isEmpty { push() }
            return Array(lines.prefix(maxLines))
        }

        /// Puts the finished word on the current line, or on new ones.
        private mutating func place() {
            if lineStarted, lineWidth + 1 + wordWidth <= width {
                line.append(" ")
                lineWidth += 1
                appendWord()
                return
            }
            if lineStarted { push() }
            // The word starts a line: break it while it is wider than the line.
            var start = 0
            while wordWidth > width, !isFull {
                var used = 0
                while start < word.count, used + word[start].width <= width {
                    line.append(word[start].character)
                    used += word[start].width
                    start += 1
                }
                wordWidth -= used
                lineWidth = used
                push()
            }
            word.removeFirst(min(start, word.count))
            lineStarted = true
            appendWord()
        }

        private mutating func appendWord() {
            for item in word { line.append(item.character) }
            lineWidth += wordWidth
            word.removeAll(keepingCapacity: true)
            wordWidth = 0
        }

        private mutating func push() {
            lines.append(line)
            line = ""
            lineWidth = 0
            lineStarted = false
        }
    }
}
