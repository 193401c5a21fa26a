// Every text input that once hung or crashed layout or the composer (Tests/Fixtures/text) is replayed.
import Foundation
import SnaptermUI
import TerminalGraphics
import TestSupport
import Testing

@Suite struct LayoutCrasherFixtureTests {
    struct Entry: Decodable {
        let kind: String
        let text: String
        let width: Int
        let note: String
    }

    static func entries() throws -> [Entry] {
        let url = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/text/layout-crashers.json")
        return try JSONDecoder().decode([Entry].self, from: Data(contentsOf: url))
    }

    @Test func everyKeptInputLaysOutAndTypes() throws {
        let entries = try Self.entries()
        #expect(entries.count >= 8)
        for entry in entries {
            switch entry.kind {
            case "wrap":
                for width in 0...entry.width + 2 {
                    let lines = SafeText.wrapped(entry.text, width: width)
                    #expect(lines.allSatisfy { SafeText.width(of: $0) <= width }, "\(entry.note)")
                    #expect(width == 0 || !lines.isEmpty, "\(entry.note)")
                }
            default:
                var editor = TextEditor()
                for scalar in entry.text.unicodeScalars { editor.insert(Character(scalar)) }
                #expect(editor.text == entry.text && editor.cursor == entry.text.count, "\(entry.note)")
                editor.move(by: -1)
                editor.insert("!")
                editor.backspace()
                editor.deleteForward()
                #expect(editor.cursor <= editor.text.count, "\(entry.note)")
            }
        }
    }
}
