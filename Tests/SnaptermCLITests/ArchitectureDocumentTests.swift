// docs/ARCHITECTURE.md stays true to the code: every `Sources/…` or `Tests/…` path it names exists, and
// every type name it writes in backticks (`SchemeLoader`, `LoadToken.setPriority`) is declared in
// Sources/ or Tests/ (or is a module). And no document of the repository points at a file outside it.
import Foundation
import Testing

@Suite struct ArchitectureDocumentTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// What the document names in backticks.
    static func backticked(in text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// `Type`, `Type.member`, `Type.member(label:)`: an UpperCamelCase word with a lower-case letter,
    /// then members. Split into the type and the member names.
    static func typeReference(_ token: String) -> (type: String, members: [String])? {
        let name = token.prefix { $0 != "(" }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let type = parts.first, let first = type.first, first.isUppercase,
              type.contains(where: \.isLowercase),
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { return nil }
        return (type, Array(parts.dropFirst()))
    }

    /// Every Swift file under Sources/ and Tests/, as text.
    static func swiftSources() throws -> [String] {
        try ["Sources", "Tests"].flatMap { folder -> [String] in
            let base = root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            return try files.map { try String(contentsOf: $0, encoding: .utf8) }
        }
    }

    static func declaredTypes(in sources: [String]) throws -> Set<String> {
        let declaration = try Regex(#"\b(?:struct|class|enum|protocol|actor|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)"#)
        var names = Set<String>()
        for text in sources {
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    static func modules() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path))
    }

    @Test func givenTheArchitectureDocumentWhenItsPathsAreCheckedThenEachExists() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let paths = Self.backticked(in: text).filter { $0.hasPrefix("Sources/") || $0.hasPrefix("Tests/") }
        #expect(paths.count > 20, "the document names hardly any paths: was it emptied?")
        let missing = paths.filter { !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path) }
        #expect(missing == [], "docs/ARCHITECTURE.md names paths that do not exist: \(missing.joined(separator: ", "))")
    }

    @Test func givenTheArchitectureDocumentWhenItsTypeNamesAreCheckedThenEachIsDeclared() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let sources = try Self.swiftSources()
        let known = try Self.declaredTypes(in: sources).union(Self.modules())
        let words = Set(sources.joined(separator: "\n").split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        let references = Self.backticked(in: text).compactMap(Self.typeReference)
        #expect(references.count > 50, "the document names hardly any types: was it emptied?")
        let missingTypes = references.map(\.type).filter { !known.contains($0) }
        let missingMembers = references.flatMap { reference in
            reference.members.filter { !words.contains($0) }.map { "\(reference.type).\($0)" }
        }
        #expect(missingTypes == [], "docs/ARCHITECTURE.md names types no file in Sources/ or Tests/ declares: \(missingTypes.joined(separator: ", "))")
        #expect(missingMembers == [], "docs/ARCHITECTURE.md names members that appear nowhere in the code: \(missingMembers.joined(separator: ", "))")
    }

    @Test func givenTheCheckWhenANameIsMadeUpThenItIsCaught() throws {
        let sources = try Self.swiftSources()
        let known = try Self.declaredTypes(in: sources)
        #expect(known.contains("SchemeLoader") && known.contains("ArchitectureDocumentTests"))
        #expect(!known.contains("SchemeLoaderThatDoesNotExist"))
        #expect(Self.typeReference("LoadToken.setPriority(_:)")! == ("LoadToken", ["setPriority"]))
        #expect(Self.typeReference("SNAPTERM_CACHE_SIZE") == nil)
        #expect(Self.typeReference("CSI 16 t") == nil)
        #expect(Self.backticked(in: "a `B` c `D.e` f") == ["B", "D.e"])
    }

    /// Markdown documents must stand alone: no link or path to a file outside the repository.
    @Test func givenEveryDocumentWhenItsLinksAreFollowedThenNoneLeavesTheRepository() throws {
        let outside = ".." + "/shared/"  // split, so this file does not name it
        let link = try Regex(#"\]\(([^)#\s]+)[^)]*\)"#)
        let documents = FileManager.default.enumerator(at: Self.root, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .filter { ["md", "swift", "sh"].contains($0.pathExtension) }
            .filter { url in !url.pathComponents.contains { $0.hasPrefix(".build") || $0 == ".git" } } ?? []
        #expect(documents.count > 100)
        var problems: [String] = []
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            let name = document.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            if text.contains(outside) { problems.append("\(name) names \(outside)…") }
            guard document.pathExtension == "md" else { continue }
            for match in text.matches(of: link) {
                guard let target = match.output[1].substring.map(String.init), !target.contains("://"),
                      !target.hasPrefix("mailto:") else { continue }
                let resolved = document.deletingLastPathComponent().appendingPathComponent(target).standardized
                if !resolved.path.hasPrefix(Self.root.path + "/") {
                    problems.append("\(name) links to \(target), outside the repository")
                } else if !FileManager.default.fileExists(atPath: resolved.path) {
                    problems.append("\(name) links to \(target), which does not exist")
                }
            }
        }
        #expect(problems == [], "\(problems.joined(separator: "; "))")
    }
}
