// PMTilesBadArchiveTests: the bad-archive corpus (Tests/Fixtures/maps/bad-pmtiles, made by
// scripts/fixtures/bad-pmtiles.py) — each archive is a typed error naming its problem, after a few
// small reads: nothing a header or directory claims is allocated past the reader's caps.
import Foundation
import MapSnapshots
import SchemeLoader
import TestSupport
import Testing

@Suite struct PMTilesBadArchiveTests {
    static let folder = MapTestFiles.root.appendingPathComponent("Tests/Fixtures/maps/bad-pmtiles")

    /// `expected.tsv`: each file and the PMTilesProblem case it must give.
    static let cases: [(file: String, problem: String)] = {
        let text = (try? String(contentsOf: folder.appendingPathComponent("expected.tsv"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t").map(String.init)
            return fields.count == 2 ? (fields[0], fields[1]) : nil
        }
    }()

    @Test("Given the corpus, then it holds every kind of damage the reader guards against")
    func corpusIsComplete() {
        let problems = Set(Self.cases.map(\.problem))
        for kind in ["truncatedHeader", "badMagic", "unsupportedVersion", "directoryLoop", "directoryTooDeep", "tooLarge",
                     "outsideSection", "truncated", "badDirectory", "unsupportedCompression"] {
            #expect(problems.contains(kind), "no bad archive for \(kind)")
        }
    }

    @Test("Given a bad archive, when opened and tile 0/0/0 read, then a typed error names its problem after bounded reads",
          arguments: Self.cases.map(\.file))
    func badArchive(file: String) async throws {
        let expected = try #require(Self.cases.first { $0.file == file }?.problem)
        let path = Self.folder.appendingPathComponent(file).path
        let source = RecordingRangeSource(try FileRangeSource(path: path))
        let limits = PMTilesLimits()
        do {
            let reader = try await PMTilesReader.open(source, limits: limits)
            _ = try await reader.tileData(z: 0, x: 0, y: 0)
            Issue.record("\(file) was read without an error")
        } catch let error as MapSnapshotError {
            guard case .archiveDamaged(let name, let problem) = error else {
                Issue.record("\(file): \(error)")
                return
            }
            #expect(name == path)
            #expect(Self.kind(of: problem) == expected, "\(file): \(problem)")
            #expect(error.description.contains(file), "the message names the archive")
        }
        #expect(source.recorded.count <= 8, "\(file): \(source.recorded.count) reads")
        #expect(source.recorded.allSatisfy { $0.length <= max(limits.firstRead, limits.directoryBytes) }, "\(file): \(source.recorded)")
        #expect(source.bytesRequested <= limits.firstRead + limits.directoryBytes, "\(file): \(source.bytesRequested) bytes asked for")
    }

    static func kind(of problem: PMTilesProblem) -> String {
        switch problem {
        case .badMagic: "badMagic"
        case .unsupportedVersion: "unsupportedVersion"
        case .truncatedHeader: "truncatedHeader"
        case .badHeader: "badHeader"
        case .truncated: "truncated"
        case .outsideSection: "outsideSection"
        case .tooLarge: "tooLarge"
        case .directoryLoop: "directoryLoop"
        case .directoryTooDeep: "directoryTooDeep"
        case .badDirectory: "badDirectory"
        case .unsupportedCompression: "unsupportedCompression"
        }
    }
}
