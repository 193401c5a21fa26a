// Servers that answer a range request wrongly: other bytes than asked, or no ranges at all (the whole
// 10 GB archive) — typed errors, and the transfer stopped at once.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct ByteRangeServerFaultTests {
    @Test func aContentRangeOtherThanAskedIsATypedError() async throws {
        // Given a server answering every range request with bytes 1–16384
        let body = RangeFixtures.archiveBytes(16_384)
        let server = try await TestHTTPServer(routes: [RangeFixtures.path: .respond(
            status: 206, headers: [("Content-Range", "bytes 1-16384/100000"), ("ETag", "\"v1\"")], body: body)])
        let loader = try RangeFixtures.loader()
        let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))

        // When the archive's header is read, then it is an error naming both ranges
        await #expect(throws: LoadError.rangeMismatch(url: source.name, asked: "bytes 0-16383", received: "bytes 1-16384/100000")) {
            try await source.bytes(at: 0, length: 127)
        }
        await loader.shutdown()
        await server.stop()
    }

    @Test func aServerIgnoringRangesOfATenGigabyteArchiveIsATypedErrorAfterAFewMegabytes() async throws {
        // Given a 10 GB (sparse) archive on a server that ignores Range
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("planet.pmtiles").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 10 << 30)
        try handle.close()
        let archive = try TestArchive(.file(path: path))
        archive.setIgnoresRanges(true)
        try await RangeFixtures.serving(archive) { server in
            try await RangeFixtures.using(try RangeFixtures.loader()) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))

                // When its header is read
                await #expect(throws: LoadError.rangesNotSupported(url: source.name)) {
                    try await source.bytes(at: 0, length: 127)
                }

                // Then the transfer stopped: what was sent is what the sockets' buffers took
                #expect(await eventually { archive.transfersInProgress == 0 })
                #expect(archive.bodyBytesSent < 64 << 20, "\(archive.bodyBytesSent) bytes sent")
                #expect(archive.requests.map(\.status) == [200])
            }
        }
    }

    @Test func aServerIgnoringRangesOfAnArchiveNoLongerThanTheRangeIsRead() async throws {
        // Given a 5 kB archive on a server that ignores Range
        let bytes = RangeFixtures.archiveBytes(5000)
        let archive = try TestArchive(.data(bytes))
        archive.setIgnoresRanges(true)
        try await RangeFixtures.serving(archive) { server in
            try await RangeFixtures.using(try RangeFixtures.loader()) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))

                // When its header is read, then the whole archive (shorter than the first 16 KiB asked) is used
                #expect(try await source.bytes(at: 100, length: 127) == RangeFixtures.slice(bytes, 100, 127))
                #expect(archive.requests.map(\.status) == [200])
            }
        }
    }
}
