// The bench terminal's emulated ncurses refresh: only changed cells go down the wire; a full redraw after invalidate.
import Foundation
import ScrollBench
import SnaptermUI
import Testing

@MainActor
@Suite struct BenchTerminalRefreshTests {
    private func draw(_ text: String, on terminal: BenchTerminal) {
        terminal.clear()
        terminal.put(text, row: 1, column: 2, style: .bold)
        terminal.refresh()
    }

    @Test func onlyChangedCellsAreSentAndAnInvalidateSendsEverything() {
        // Given a bench terminal whose frames are recorded,
        let output = BenchOutput(terminal: VirtualTerminal(rows: 5, columns: 20))
        let terminal = BenchTerminal(rows: 5, columns: 20, output: output, keys: KeyFeed(keys: [], pacing: .lockstep))
        var frames: [FrameStamp] = []
        terminal.onFrame = { frames.append($0) }
        // when the same text is drawn twice, then one letter changes, then the screen is invalidated,
        draw("hello", on: terminal)
        draw("hello", on: terminal)
        draw("hallo", on: terminal)
        terminal.invalidate()
        draw("hallo", on: terminal)
        _ = terminal.nextKey()  // closes the last frame
        // then the first frame clears the screen (like ncurses' first refresh) and sends the word (and a concealed
        // space at the end of every row, so no row ends in blanks), the second sends nothing, the third one cell,
        // the fourth a clear and everything again.
        let bold = "\u{1B}[0;1m", reset = "\u{1B}[0m", concealed = "\u{1B}[0;8m"
        func full(_ word: String) -> Int {
            ("\u{1B}[H\u{1B}[2J\u{1B}[1;20H\(concealed) \u{1B}[2;3H\(bold)\(word)\u{1B}[2;20H\(concealed) "
             + "\u{1B}[3;20H \u{1B}[4;20H \u{1B}[5;20H \(reset)").utf8.count
        }
        #expect(frames.map(\.bytes.text) == [full("hello"), 0, "\u{1B}[2;4H\(bold)a\(reset)".utf8.count, full("hallo")])
        #expect(frames.allSatisfy { $0.bytes.pictures == 0 })
        #expect(output.terminal.lines[1] == "  hallo")
        #expect(terminal.lines[1] == "  hallo")
    }
}
