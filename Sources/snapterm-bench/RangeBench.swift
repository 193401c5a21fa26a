// RangeBench: `snapterm-bench ranges` — requests and bytes to read scattered ranges of a huge archive over HTTP,
// cold, from a second loader on the same cache folder, and with the archive's first bytes stale.
import ArgumentParser
import Foundation
import SchemeLoader
import TestSupport

extension SnaptermBench {
    struct RangeBench: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ranges",
            abstract: "Read scattered byte ranges of a sparse archive through the loader: requests and bytes, cold and cached.")

        @Option(help: "The archive's size in GiB: a sparse file in a temporary folder, or the size of the file at --url.")
        var gigabytes = 10
        @Option(help: "How many ranges.")
        var ranges = 20
        @Option(help: "Bytes per range.")
        var length = 16_384
        @Option(help: "Milliseconds the loopback server waits before each answer.")
        var latencyMs = 0
        @Option(help: "Read this http(s) URL instead of a loopback server (e.g. scripts/tools/web-server's); request and byte counts are then the loader's.")
        var url: String?

        func run() async throws {
            let folder = try TemporaryDirectory()
            let cache = folder.url.appendingPathComponent("cache")
            var server: TestHTTPServer?
            var archive: TestArchive?
            let target: URL
            if let url, let given = URL(string: url) {
                target = given
            } else {
                let path = folder.url.appendingPathComponent("planet.pmtiles").path
                _ = FileManager.default.createFile(atPath: path, contents: nil)
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
                try handle.truncate(atOffset: UInt64(gigabytes) << 30)
                try handle.close()
                let served = try TestArchive(.file(path: path), cacheControl: "max-age=3600")
                let started = try await TestHTTPServer(routes: ["/planet.pmtiles": .archive(served)],
                                                       latency: .milliseconds(latencyMs))
                (server, archive, target) = (started, served, started.url("/planet.pmtiles"))
            }
            let size = UInt64(gigabytes) << 30
            var generator = SeededGenerator(seed: 28)
            let offsets = (0..<ranges).map { _ in UInt64.random(in: 16_384...(size - UInt64(length)), using: &generator) }
            print("archive \(target.absoluteString): \(size) bytes; \(ranges) ranges of \(length) bytes")
            try await pass("cold", target: target, cache: cache, offsets: offsets, archive: archive, now: Date())
            try await pass("second loader, same folder", target: target, cache: cache, offsets: offsets, archive: archive, now: Date())
            try await pass("second loader, 2 h later (first bytes stale)", target: target, cache: cache, offsets: offsets,
                           archive: archive, now: Date().addingTimeInterval(7200))
            if let archive, let server { try await ignoringServer(archive, url: server.url("/planet.pmtiles"), offset: offsets[0]) }
            await server?.stop()
        }

        /// A server that ignores Range (a 200 with all the archive): the error, and the body bytes sent before it stopped.
        private func ignoringServer(_ archive: TestArchive, url: URL, offset: UInt64) async throws {
            archive.setIgnoresRanges(true)
            let loader = try SchemeLoader(handlers: [HTTPSchemeHandler()])
            let bytesBefore = archive.bodyBytesSent
            let outcome: String
            do {
                _ = try await loader.byteRangeSource(for: url).bytes(at: offset, length: length)
                outcome = "read (unexpected)"
            } catch {
                outcome = "\(error)"
            }
            await loader.shutdown()
            _ = await eventually(timeout: .seconds(30)) { archive.transfersInProgress == 0 }
            print("server ignoring Range: \(outcome) | server: \(archive.bodyBytesSent - bytesBefore) body bytes sent")
        }

        /// One loader on `cache` reading every offset; prints its requests, bytes and time.
        private func pass(_ name: String, target: URL, cache: URL, offsets: [UInt64], archive: TestArchive?, now: Date) async throws {
            var http = HTTPSchemeHandler.Configuration()
            http.now = { now }
            var configuration = SchemeLoaderConfiguration(diskDirectory: cache)
            configuration.now = { now }
            let loader = try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: http)], configuration: configuration)
            let source = try loader.byteRangeSource(for: target)
            let requestsBefore = archive?.requests.count ?? 0, bytesBefore = archive?.bodyBytesSent ?? 0
            let start = ContinuousClock.now
            for offset in offsets { _ = try await source.bytes(at: offset, length: length) }
            let elapsed = ContinuousClock.now - start
            await loader.shutdown()
            let statistics = loader.statistics
            let served = archive.map { " | server: \($0.requests.count - requestsBefore) requests, \($0.bodyBytesSent - bytesBefore) body bytes" } ?? ""
            print("\(name): \(statistics.handlerLoads) handler loads, \(statistics.bytesLoaded) bytes loaded, "
                  + "\(statistics.diskHits) disk hits, \(elapsed)\(served)")
        }
    }
}
