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
}
