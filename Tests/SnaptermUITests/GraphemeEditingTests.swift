// The composer edits whole characters even when one typed scalar joins the one before it: a flag's
// second regional indicator, a skin tone, a ZWJ, a combining accent (typing 🇫🇮 then a letter crashed).
import SnaptermUI
import TerminalGraphics
import Testing

@Suite struct GraphemeEditingTests {
    /// Types `text` the way a terminal delivers it: one Unicode scalar per key.
    private func typed(_ text: String, into editor: inout TextEditor) {
        for scalar in text.unicodeScalars { editor.insert(Character(scalar)) }
    }

    @Test func aFlagThenALetter() {
        // Given a flag typed as its two regional indicators
        var editor = TextEditor()
        typed("🇫🇮", into: &editor)
        // Then it is one character with the cursor after it
        #expect(editor.text == "🇫🇮" && editor.text.count == 1 && editor.cursor == 1)
        // When a letter follows
        typed("a", into: &editor)
        // Then it lands after the flag
        #expect(editor.text == "🇫🇮a" && editor.cursor == 2)
    }

    @Test func joiningScalarsKeepTheCursorInsideTheText() {
        for sample in ["👍🏽", "👨‍👩‍👧", "é", "ñ̃", "🏳️‍🌈", "🇫🇮🇸🇪", "क्षि"] {
            var editor = TextEditor()
            typed(sample + "x" + sample, into: &editor)
            #expect(editor.text == sample + "x" + sample, "\(sample)")
            #expect(editor.cursor == editor.text.count, "\(sample)")
            // Moving left over the second copy is one step per character, and typing there lands there
            editor.move(by: -sample.count)
            typed("y", into: &editor)
            #expect(editor.text == sample + "xy" + sample, "\(sample)")
            // Backspace removes whole characters
            editor.moveToEnd()
            for _ in 0..<sample.count { editor.backspace() }
            #expect(editor.text == sample + "xy", "\(sample)")
        }
    }

    @Test func aDeleteThatJoinsNeighboursLeavesAValidCursor() {
        // Given two regional indicators kept apart by a letter
        var editor = TextEditor(text: "🇫a🇮")
        #expect(editor.text.count == 3)
        // When the letter between them is deleted (they become one flag)
        editor.move(by: -1)
        editor.backspace()
        // Then the cursor is still inside the text, and more edits work
        #expect(editor.text == "🇫🇮" && editor.cursor <= editor.text.count)
        editor.insert("b")
        editor.deleteForward()
        editor.backspace()
        #expect(editor.cursor <= editor.text.count)
    }

    @Test func aCombiningAccentTypedFirstIsKeptAndJoinsNothingBefore() {
        var editor = TextEditor()
        typed("\u{301}e\u{301}", into: &editor)
        #expect(editor.text == "\u{301}é" && editor.cursor == 2)
        editor.moveToStart()
        editor.deleteForward()
        #expect(editor.text == "é" && editor.cursor == 0)
    }

    @Test func movesAreClampedEvenForHugeOffsets() {
        var editor = TextEditor(text: "ab🇫🇮")
        editor.move(by: .min)
        #expect(editor.cursor == 0)
        editor.move(by: .max)
        #expect(editor.cursor == 3)
        #expect(editor.cursorColumn == 2 + SafeText.width(of: Character("🇫🇮")))
    }
}
