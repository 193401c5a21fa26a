// FileRangeSourceTests: byte ranges of a local file — exact ranges, fewer bytes only at the end, reads
// at once without a shared position, and anything but a regular file refused at open.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct FileRangeSourceTests {
    @Test("Given a file, when ranges are read at once, then each has exactly its bytes, and the end gives fewer")
    func rangesAndTheEnd() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.appending("archive.bin")
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        try bytes.write(to: file)
        let source = try FileRangeSource(path: file.path)
        #expect(source.name == file.path)
        let ranges: [(UInt64, Int)] = [(0, 127), (99_990, 10), (50_000, 30_000), (1, 1), (12_345, 4096)]
        let read = try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for (index, range) in ranges.enumerated() {
                group.addTask { (index, try await source.bytes(at: range.0, length: range.1)) }
            }
            return try await group.reduce(into: [Int: Data]()) { $0[$1.0] = $1.1 }
        }
        for (index, range) in ranges.enumerated() {
            #expect(read[index] == bytes[Int(range.0)..<Int(range.0) + range.1], "range \(range)")
        }
        #expect(try await source.bytes(at: 99_995, length: 100) == bytes.suffix(5))
        #expect(try await source.bytes(at: 200_000, length: 100).isEmpty)
        #expect(try await source.bytes(at: 10, length: 0).isEmpty)
    }

    @Test("Given a directory, a FIFO or no file, then opening throws the loader's typed error without blocking")
    func notARegularFile() throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.appending("pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: LoadError.self) { try FileRangeSource(path: folder.url.path) }
        #expect(throws: LoadError.self) { try FileRangeSource(path: fifo.path) }
        #expect(throws: LoadError.fileNotFound(path: folder.appending("absent").path)) { try FileRangeSource(path: folder.appending("absent").path) }
    }
}
