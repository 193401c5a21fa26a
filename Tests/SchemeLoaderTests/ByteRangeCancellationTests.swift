// A byte range read is cancelled with its task: the request stops, and the bytes stop flowing.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct ByteRangeCancellationTests {
    @Test func aCancelledReadStopsItsRequest() async throws {
        // Given a source that read an archive's header from a server sending 50 kB/s
        let archive = try TestArchive(.data(RangeFixtures.archiveBytes(2_000_000)))
        try await RangeFixtures.serving(archive, bytesPerSecond: 50_000) { server in
            try await RangeFixtures.using(try RangeFixtures.loader()) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))
                _ = try await source.bytes(at: 0, length: 127)
                let header = archive.bodyBytesSent

                // When a 1 MB range (20 s at that rate) is read, and the read cancelled once bytes flow
                let read = Task { try await source.bytes(at: 500_000, length: 1_000_000) }
                #expect(await eventually { archive.bodyBytesSent > header })
                read.cancel()

                // Then the read ends in CancellationError, the server's transfer stops, and the loader holds no load
                await #expect(throws: CancellationError.self) { try await read.value }
                #expect(await eventually { archive.transfersInProgress == 0 })
                #expect(archive.bodyBytesSent - header < 500_000, "\(archive.bodyBytesSent - header) of 1,000,000 bytes sent")
                #expect(await eventually { loader.statistics.inFlight == 0 })
            }
        }
    }
}
