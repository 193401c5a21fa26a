// Byte ranges are loads of the shared loader: two reads of one range at once share one request.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct ByteRangeCoalescingTests {
    @Test func twoReadsOfOneRangeAtOnceShareOneRequest() async throws {
        // Given an archive on a server sending 100 kB/s (a 400 kB range takes four seconds)
        let bytes = RangeFixtures.archiveBytes(600_000)
        let archive = try TestArchive(.data(bytes))
        try await RangeFixtures.serving(archive, bytesPerSecond: 100_000) { server in
            try await RangeFixtures.using(try RangeFixtures.loader()) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))

                // When a range is read, and read again while its request is under way
                let first = Task { try await source.bytes(at: 100_000, length: 400_000) }
                #expect(await eventually { archive.requests.count == 2 }, "the first 16 KiB, then the range, were asked for")
                let second = try await source.bytes(at: 100_000, length: 400_000)

                // Then both have the bytes, from one request
                #expect(second == RangeFixtures.slice(bytes, 100_000, 400_000))
                #expect(try await first.value == second)
                #expect(archive.requests.count == 2)
                #expect(loader.statistics.coalesced == 1)
            }
        }
    }
}
