// ManualSectionsTests: the man page's hand-written ENVIRONMENT section (docs/man/sections.mdoc) names
// every SNAPTERM_ variable the shipped program reads, so a new variable cannot go undocumented.
import Foundation
import TestSupport
import Testing

@Suite struct ManualSectionsTests {
    /// The `"SNAPTERM_…"` literals in the sources of what ships (not the test support or the benchmarks).
    static func variablesRead() throws -> Set<String> {
        let sources = CommandRunner.repositoryRoot.appendingPathComponent("Sources")
        let shipped = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { !["TestSupport", "ScrollBench", "snapterm-bench"].contains($0) }
        var names = Set<String>()
        let pattern = try Regex(#""(SNAPTERM_[A-Z_]+)""#)
        for module in shipped {
            guard let files = FileManager.default.enumerator(atPath: sources.appendingPathComponent(module).path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: sources.appendingPathComponent(module).appendingPathComponent(file), encoding: .utf8)
                for match in text.matches(of: pattern) { names.insert(String(text[match.range].dropFirst().dropLast())) }
            }
        }
        return names
    }

    @Test func givenTheVariablesTheProgramReads_whenReadingTheManPageSections_thenEachIsNamed() throws {
        let variables = try Self.variablesRead()
        #expect(variables.contains("SNAPTERM_DATA") && variables.contains("SNAPTERM_GRAPHICS"), "found \(variables.sorted())")
        let sections = try String(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("docs/man/sections.mdoc"), encoding: .utf8)
        for name in variables.sorted() {
            #expect(sections.contains(".It Ev \(name)"), "docs/man/sections.mdoc does not describe \(name)")
        }
    }
}
