// HelpTextWrappingTests: every command's `--help` prose wraps only where the next word would not fit
// (ArgumentParser keeps lines under 80 columns); a line break written into a help text breaks a sentence in the
// middle ("where the terminal / supports them").
import Foundation
import TestSupport
import Testing

@Suite struct HelpTextWrappingTests {
    /// The prose of a help page: its lines before `USAGE:`, in paragraphs.
    static func paragraphs(of help: String) -> [[String]] {
        let prose = help.components(separatedBy: "\nUSAGE:").first ?? help
        return prose.components(separatedBy: "\n\n").map { $0.split(separator: "\n").map(String.init) }
    }

    @Test(arguments: [["--help"], ["browse", "--help"], ["render", "--help"], ["fetch", "--help"]])
    func givenAHelpPage_whenItsProseWraps_thenEachLineIsFullBeforeTheBreak(arguments: [String]) async throws {
        let output = try await CommandRunner.run(arguments, environment: ["COLUMNS": "80"])
        #expect(output.status == 0)
        let help = String(decoding: output.stdout, as: UTF8.self)
        for paragraph in Self.paragraphs(of: help) {
            for (line, next) in zip(paragraph, paragraph.dropFirst()) {
                let nextWord = next.trimmingCharacters(in: .whitespaces).prefix { $0 != " " }
                // The break is where it is only if the next word did not fit on this line.
                #expect(line.count + 1 + nextWord.count >= 80, "broken early: \"\(line)\" / \"\(next)\"")
            }
        }
    }
}
