// LoaderBench: `snapterm-bench loader` — memory-hit latency, loader overhead, coalescing, disk cost.
import ArgumentParser
import Foundation
import SchemeLoader
import TestSupport

/// The work an in-memory handler does, done directly by an actor: the baseline for loader overhead.
actor DirectRenderer {
    func render(_ url: URL) -> Data { Data(url.absoluteString.utf8) }
}

/// A handler answering from memory with the same work as `DirectRenderer`.
struct InMemoryHandler: SchemeHandling {
    func canHandle(_ url: URL) -> Bool { url.scheme == "mem" }
    func canonicalURL(for url: URL) throws -> URL { try URLCanonicalizer.standard(url) }
    func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        let data = Data(task.url.absoluteString.utf8)
        client.didReceive(LoadResponse(mimeType: "text/plain", expectedLength: data.count))
        client.didLoad(data)
    }
}

extension SnaptermBench {
    struct LoaderBench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "loader", abstract: "Benchmark the shared loader (issue: the shared scheme loader).")

        @Option(help: "Repetitions per measurement.")
        var iterations = 20_000

        func run() async throws {
            try await memoryHits()
            try await overhead()
            try await coalescing()
            for count in [1_000, 10_000] { try await disk(entries: count) }
        }

        private func memoryHits() async throws {
            let loader = try SchemeLoader(handlers: [InMemoryHandler()])
            let url = URL(string: "mem://x/picture?latitude=59.9&longitude=30.3")!
            _ = try await loader.data(for: url)
            var sync = Samples(), async = Samples()
            for _ in 0..<iterations {
                sync.add(await measure { _ = loader.cachedResult(for: url) })
                async.add(try await measure { _ = try await loader.data(for: url) })
            }
            print("memory hit, cachedResult (sync):   \(sync.summary)")
            print("memory hit, try await data(for:):  \(async.summary)")
        }

        private func overhead() async throws {
            let loader = try SchemeLoader(handlers: [InMemoryHandler()])
            loader.isCachingEnabled = false
            let direct = DirectRenderer()
            var viaLoader = Samples(), viaActor = Samples()
            for i in 0..<iterations {
                let url = URL(string: "mem://x/p\(i % 100)")!
                viaLoader.add(try await measure { _ = try await loader.data(for: url) })
                viaActor.add(await measure { _ = await Task { await direct.render(url) }.value })
            }
            print("in-memory handler through loader:  \(viaLoader.summary)")
            print("same work, direct actor call:      \(viaActor.summary)")
            print(String(format: "loader overhead ratio (medians):   %.2fx", viaLoader.median / viaActor.median))
        }

        private func coalescing() async throws {
            let gate = Gate()
            let mock = MockSchemeHandler()
            mock.stubAll(with: MockResponse(data: Data(count: 100_000), gate: gate))
            let loader = try SchemeLoader(handlers: [mock])
            let url = URL(string: "mock://x/same")!
            let elapsed = try await measure {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<1_000 { group.addTask { _ = try await loader.data(for: url) } }
                    while loader.statistics.coalesced < 999 { await Task.yield() }
                    gate.open()
                    try await group.waitForAll()
                }
            }
            print("1000 concurrent same-key requests: \(mock.totalLoads) load(s), \(loader.statistics.coalesced) coalesced, \(Samples.format(Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9)) in all")
        }

        private func disk(entries: Int) async throws {
            let directory = try TemporaryDirectory(prefix: "snapterm-bench")
            let cache = try DiskCache(directory: directory.url, sizeLimit: 1 << 40)
            let entry = CachedResponse(response: LoadResponse(mimeType: "image/png"), data: Data(count: 4096))
            var stores = Samples(), lookups = Samples()
            for i in 0..<entries { stores.add(await measure { await cache.store(entry, for: "key-\(i)") }) }
            for i in 0..<entries { lookups.add(await measure { _ = await cache.entry(for: "key-\((i * 7919) % entries)") }) }
            print("disk, \(entries) entries of 4 KiB: store \(stores.summary); lookup \(lookups.summary)")
        }
    }
}
