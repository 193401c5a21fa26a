// Key scripts: names, single characters, repeats and control keys; unknown words are named in the error.
import SnaptermUI
import Testing

@Suite struct KeyScriptTests {
    @Test func wordsBecomeKeys() throws {
        #expect(try KeyScript.parse("Tab Enter Down*3 q C-l Space") ==
                [.tab, .enter, .down, .down, .down, .character("q"), .control("l"), .character(" ")])
        #expect(try KeyScript.parse("") == [])
    }

    @Test func unknownWordsAreNamed() {
        #expect(throws: KeyScriptError(word: "Dwn")) { try KeyScript.parse("Tab Dwn") }
    }
}
