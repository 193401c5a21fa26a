// The draft's text editor: insert and delete at the cursor, wide characters are one step and two columns.
import SnaptermUI
import Testing

@Suite struct TextEditorTests {
    @Test func typingAndEditingAtTheCursor() {
        var editor = TextEditor()
        for character in "helo" { editor.insert(character) }
        editor.move(by: -1)
        editor.insert("l")
        #expect(editor.text == "hello")
        #expect(editor.cursor == 4)
        editor.moveToEnd()
        editor.backspace()
        #expect(editor.text == "hell")
        editor.moveToStart()
        editor.deleteForward()
        #expect(editor.text == "ell")
        #expect(editor.cursor == 0)
    }

    @Test func wideCharactersAreOneStepAndTwoColumns() {
        var editor = TextEditor(text: "日本a")
        #expect(editor.cursorColumn == 5)
        editor.move(by: -2)
        #expect(editor.cursorColumn == 2)
        editor.backspace()
        #expect(editor.text == "本a")
        var emoji = TextEditor(text: "👍🏽ok")
        emoji.moveToStart()
        emoji.deleteForward()
        #expect(emoji.text == "ok", "a skin-toned emoji is one character")
    }

    @Test func controlCharactersAreNeverTyped() {
        var editor = TextEditor()
        for character in "a\u{1B}[2Jb\u{07}" { editor.insert(character) }
        #expect(editor.text == "a[2Jb")
    }

    @Test func keysMoveTheCursorAndStayInBounds() {
        var editor = TextEditor(text: "ab")
        let moved = [editor.apply(.left), editor.apply(.left), editor.apply(.left)]
        #expect(moved == [true, true, true])
        #expect(editor.cursor == 0)
        let ended = editor.apply(.end)
        #expect(ended && editor.cursor == 2)
        let tabbed = editor.apply(.tab)
        #expect(!tabbed)
    }
}
