// Byte range reads wait for their host's connections in priority order, like any other load.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct ByteRangePriorityTests {
    @Test func theMostUrgentWaitingRangeGoesFirst() async throws {
        // Given one connection per host, held by a slow range (4 s at 50 kB/s)
        let archive = try TestArchive(.data(RangeFixtures.archiveBytes(1_000_000)))
        try await RangeFixtures.serving(archive, bytesPerSecond: 50_000) { server in
            try await RangeFixtures.using(try RangeFixtures.loader(http: { $0.connectionsPerHost = 1 })) { loader in
                let source = try HTTPRangeSource(archive: server.url(RangeFixtures.path), loader: loader)
                _ = try await source.bytes(at: 0, length: 100)
                let slow = Task { try await source.bytes(at: 100_000, length: 200_000) }
                #expect(await eventually { archive.requests.count == 2 })

                // When a low and then a very high priority range wait for the connection
                let low = Task { try await source.bytes(at: 500_000, length: 1000, priority: .low) }
                #expect(await eventually { loader.statistics.inFlight == 2 })
                let high = Task { try await source.bytes(at: 600_000, length: 1000, priority: .veryHigh) }
                #expect(await eventually { loader.statistics.inFlight == 3 })
                _ = try await (slow.value, low.value, high.value)

                // Then the very high one was sent first
                #expect(archive.requests.map(\.range).suffix(2) == ["bytes=600000-600999", "bytes=500000-500999"])
            }
        }
    }

    /// `reader://archive/<offset>`: reads 1,000 bytes at `offset` of the archive of `source`, inside its own load.
    private struct RangeReader: SchemeHandling {
        let source: Locked<HTTPRangeSource?>
        func canHandle(_ url: URL) -> Bool { url.scheme == "reader" }
        func canonicalURL(for url: URL) throws -> URL { url }

        func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
            guard let source = source.withLock({ $0 }), let offset = UInt64(task.url.lastPathComponent) else { throw CancellationError() }
            let bytes = try await source.bytes(at: offset, length: 1000)
            client.didReceive(LoadResponse(mimeType: "application/octet-stream", expectedLength: bytes.count))
            client.didLoad(bytes)
        }
    }

    @Test func aRangeReadInsideALoadTakesThatLoadsPriorityAsItChanges() async throws {
        // Given one connection per host, held by a slow range, and loads that read ranges (their source at .low)
        let archive = try TestArchive(.data(RangeFixtures.archiveBytes(1_000_000)))
        try await RangeFixtures.serving(archive, bytesPerSecond: 50_000) { server in
            let shared = Locked<HTTPRangeSource?>(nil)
            var http = HTTPSchemeHandler.Configuration()
            http.connectionsPerHost = 1
            let loader = try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: http), RangeReader(source: shared)])
            try await RangeFixtures.using(loader) { loader in
                let source = try HTTPRangeSource(archive: server.url(RangeFixtures.path), loader: loader, priority: .low)
                shared.withLock { $0 = source }
                _ = try await source.bytes(at: 0, length: 100)
                let slow = Task { try await source.bytes(at: 100_000, length: 200_000) }
                #expect(await eventually { archive.requests.count == 2 })

                // When a normal load's range waits for the connection, then a low one's, and the low load becomes the most urgent
                let done = ResultBox()
                loader.load(LoadRequest(url: URL(string: "reader://archive/600000")!, priority: .normal)) { done.add($0) }
                #expect(await eventually { loader.statistics(for: "byterange").inFlight == 2 })
                let low = loader.load(LoadRequest(url: URL(string: "reader://archive/500000")!, priority: .low)) { done.add($0) }
                #expect(await eventually { loader.statistics(for: "byterange").inFlight == 3 })
                low.setPriority(.veryHigh)
                _ = try await slow.value
                #expect(await eventually { done.count == 2 })

                // Then its range was sent first: each range went at its load's priority, not the source's
                #expect(archive.requests.map(\.range).suffix(2) == ["bytes=500000-500999", "bytes=600000-600999"])
            }
        }
    }
}
