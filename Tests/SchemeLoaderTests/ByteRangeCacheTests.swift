// Byte ranges are cached in memory and on disk: a range read again, or by another process, costs no request.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct ByteRangeCacheTests {
    /// 20 scattered 4 KiB ranges past the first 16 KiB of a 1 MB archive.
    private let offsets: [UInt64] = (0..<20).map { UInt64(20_000 + $0 * 48_611) }

    @Test func aRangeReadAgainComesFromMemory() async throws {
        // Given a range read once (of an archive fresh for an hour: without a lifetime or a Last-Modified,
        // its first bytes would be stale at once, RFC 9111 §4.2.2, and revalidated by the next source)
        let bytes = RangeFixtures.archiveBytes(200_000)
        let archive = try TestArchive(.data(bytes), cacheControl: "max-age=3600")
        try await RangeFixtures.serving(archive) { server in
            try await RangeFixtures.using(try RangeFixtures.loader()) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))
                let once = try await source.bytes(at: 30_000, length: 4096)
                let requests = archive.requests.count

                // When it is read again, by this source and by another of the same archive
                let again = try await source.bytes(at: 30_000, length: 4096)
                let other = try await loader.byteRangeSource(for: server.url(RangeFixtures.path)).bytes(at: 30_000, length: 4096)

                // Then no request went out
                #expect(once == RangeFixtures.slice(bytes, 30_000, 4096))
                #expect(again == once && other == once)
                #expect(archive.requests.count == requests)
                #expect(loader.statistics.memoryHits >= 3, "the range twice, and the other source's first bytes")
            }
        }
    }

    @Test func aSecondLoaderOnTheSameFolderReadsCachedRangesWithNoRequest() async throws {
        // Given 20 ranges read through a loader with a disk cache (a first process), of an archive fresh for an hour
        let folder = try TemporaryDirectory()
        let bytes = RangeFixtures.archiveBytes(1_000_000)
        let archive = try TestArchive(.data(bytes), cacheControl: "max-age=3600")
        try await RangeFixtures.serving(archive) { server in
            let url = server.url(RangeFixtures.path)
            try await RangeFixtures.using(try RangeFixtures.loader(disk: folder.url)) { loader in
                let source = try loader.byteRangeSource(for: url)
                for offset in offsets { _ = try await source.bytes(at: offset, length: 4096) }
            }
            #expect(archive.requests.count == 21)

            // When a new loader on the same folder (a second process) reads them
            try await RangeFixtures.using(try RangeFixtures.loader(disk: folder.url)) { loader in
                let source = try loader.byteRangeSource(for: url)
                for offset in offsets {
                    #expect(try await source.bytes(at: offset, length: 4096) == RangeFixtures.slice(bytes, Int(offset), 4096))
                }

                // Then no request went out: each came from disk
                #expect(archive.requests.count == 21)
                #expect(loader.statistics.diskHits == 21)
            }
        }
    }

    @Test func aStaleArchiveCostsOneRevalidationAndKeepsItsRanges() async throws {
        // Given ranges of an archive fresh for a minute, read through a loader with a disk cache
        let folder = try TemporaryDirectory()
        let bytes = RangeFixtures.archiveBytes(1_000_000)
        let archive = try TestArchive(.data(bytes), tag: "\"v1\"", cacheControl: "max-age=60")
        try await RangeFixtures.serving(archive) { server in
            let url = server.url(RangeFixtures.path)
            try await RangeFixtures.using(try RangeFixtures.loader(disk: folder.url)) { loader in
                let source = try loader.byteRangeSource(for: url)
                for offset in offsets { _ = try await source.bytes(at: offset, length: 4096) }
            }

            // When another loader on the folder reads them two minutes later
            let later = Date().addingTimeInterval(120)
            try await RangeFixtures.using(try RangeFixtures.loader(disk: folder.url, now: { later })) { loader in
                let source = try loader.byteRangeSource(for: url)
                for offset in offsets {
                    #expect(try await source.bytes(at: offset, length: 4096) == RangeFixtures.slice(bytes, Int(offset), 4096))
                }
            }

            // Then one request went out: the first bytes revalidated with their ETag, answered 304
            #expect(archive.requests.count == 22)
            #expect(archive.requests.last?.ifNoneMatch == "\"v1\"")
            #expect(archive.requests.last?.status == 304)
        }
    }
}
