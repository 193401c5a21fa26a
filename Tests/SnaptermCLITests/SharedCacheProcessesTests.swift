// Four real snapterm processes share one cache folder under load: every picture is the right one,
// and the cache folder stays within its cap (SNAPTERM_CACHE_SIZE) plus one rescan interval each.
import Foundation
import TestSupport
import Testing

@Suite struct SharedCacheProcessesTests {
    private let urls = (0..<16).map { "asset://?id=p-80c68192&width=\(40 + 4 * $0)&filter=sepia" }
    private let cap = 16 << 10

    private func environment(_ cache: URL) -> [String: String] {
        ["SNAPTERM_DATA": CommandRunner.repositoryRoot.appendingPathComponent("assets").path,
         "XDG_CACHE_HOME": cache.path, "SNAPTERM_CACHE_SIZE": "16K"]
    }

    @Test func fourProcessesShareOneCacheFolder() async throws {
        let folder = try TemporaryDirectory()

        // Given each picture's bytes as one process alone makes them (split by --stats' bytes=N)
        let (urls, alone) = (urls, environment(folder.appending("alone")))
        let reference = try await OffPool.run { try CommandRunner.run(["fetch", "--stats"] + urls, environment: alone) }
        #expect(reference.status == 0)
        let sizes = reference.stderr.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("bytes=") }.flatMap { Int($0.dropFirst(6)) }
        }
        try #require(sizes.count == urls.count)
        var expected: [String: Data] = [:]
        var offset = 0
        for (url, size) in zip(urls, sizes) {
            expected[url] = reference.stdout.subdata(in: offset..<(offset + size))
            offset += size
        }

        // When four processes fetch them all twice, each in its own order, on one shared cache folder
        let shared = folder.appending("shared")
        let orders = (0..<4).map { p in (0..<32).map { urls[($0 * (p + 1) + 5 * p) % urls.count] } }
        let outputs = try await withThrowingTaskGroup(of: (Int, CommandOutput).self) { group in
            for (p, order) in orders.enumerated() {
                group.addTask { (p, try await OffPool.run { try CommandRunner.run(["fetch"] + order, environment: environment(shared)) }) }
            }
            var all: [Int: CommandOutput] = [:]
            for try await (p, output) in group { all[p] = output }
            return all
        }

        // Then every process wrote exactly the right pictures, in its order
        for (p, order) in orders.enumerated() {
            let output = try #require(outputs[p])
            #expect(output.status == 0, "process \(p): \(output.stderr)")
            #expect(output.stdout == order.reduce(into: Data()) { $0.append(expected[$1] ?? Data()) }, "process \(p) got a wrong picture")
        }
        // And the loader's cache folder held the cap together
        let loaderFolder = shared.appendingPathComponent("snapterm/loader")
        let files = try FileManager.default.contentsOfDirectory(at: loaderFolder, includingPropertiesForKeys: [.fileSizeKey])
            .filter { $0.pathExtension == "entry" }
        let total = try files.reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
        #expect(total <= cap + 4 * (cap / 32), "\(total) bytes in \(files.count) files for a \(cap)-byte cap")
        #expect(!files.isEmpty)
    }
}
