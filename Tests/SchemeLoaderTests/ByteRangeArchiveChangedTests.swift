// A changed archive: ranges are pinned to the version the first read learned; another version is a typed
// error, never bytes of two versions mixed, and a new source reads the new version.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct ByteRangeArchiveChangedTests {
    private let old = RangeFixtures.archiveBytes(200_000, seed: 1)
    private let new = RangeFixtures.archiveBytes(200_000, seed: 2)

    @Test func aChangedArchiveIsATypedErrorAndANewSourceReadsTheNewVersion() async throws {
        // Given a source that read a range of version "v1"
        let archive = try TestArchive(.data(old), tag: "\"v1\"")
        try await RangeFixtures.serving(archive) { server in
            try await RangeFixtures.using(try RangeFixtures.loader()) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))
                #expect(try await source.bytes(at: 50_000, length: 1000) == RangeFixtures.slice(old, 50_000, 1000))

                // When the archive is replaced by "v2" and another range is read
                try archive.replace(with: .data(new), tag: "\"v2\"")
                await #expect(throws: LoadError.archiveChanged(url: source.name)) {
                    try await source.bytes(at: 100_000, length: 1000)
                }

                // Then the server answered If-Range "v1" with the whole new archive, and the transfer was stopped
                #expect(archive.requests[2].ifRange == "\"v1\"")
                #expect(archive.requests[2].status == 200)
                #expect(await eventually { archive.transfersInProgress == 0 })
                // … every later read of that source says so too, even of a range it had
                await #expect(throws: LoadError.archiveChanged(url: source.name)) {
                    try await source.bytes(at: 50_000, length: 1000)
                }
                // … and a new source reads the new version only
                let renewed = try loader.byteRangeSource(for: server.url(RangeFixtures.path))
                #expect(try await renewed.bytes(at: 0, length: 100) == RangeFixtures.slice(new, 0, 100))
                #expect(try await renewed.bytes(at: 50_000, length: 1000) == RangeFixtures.slice(new, 50_000, 1000))
                #expect(archive.requests.last?.ifRange == "\"v2\"")
            }
        }
    }

    @Test func aRangeOfAnotherVersionFromAServerIgnoringIfRangeIsRefused() async throws {
        // Given a server that ignores If-Range, and a source that read version "v1"
        let archive = try TestArchive(.data(old), tag: "\"v1\"")
        archive.setIgnoresIfRange(true)
        try await RangeFixtures.serving(archive) { server in
            try await RangeFixtures.using(try RangeFixtures.loader()) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))
                _ = try await source.bytes(at: 0, length: 100)

                // When the archive changes and a range is read: the server sends a 206 of "v2"
                try archive.replace(with: .data(new), tag: "\"v2\"")
                await #expect(throws: LoadError.archiveChanged(url: source.name)) {
                    try await source.bytes(at: 100_000, length: 1000)
                }

                // Then its bytes were not kept: the range is not in the cache under either version
                #expect(archive.requests.last?.status == 206)
                let renewed = try loader.byteRangeSource(for: server.url(RangeFixtures.path))
                #expect(try await renewed.bytes(at: 100_000, length: 1000) == RangeFixtures.slice(new, 100_000, 1000))
            }
        }
    }

    @Test func aShorterArchiveFromAServerIgnoringIfRangeIsAChangedArchive() async throws {
        // Given a server that ignores If-Range, and a source that read near the end of version "v1" (200 kB)
        let archive = try TestArchive(.data(old), tag: "\"v1\"")
        archive.setIgnoresIfRange(true)
        let shorter = RangeFixtures.archiveBytes(100_000, seed: 3)
        try await RangeFixtures.serving(archive) { server in
            try await RangeFixtures.using(try RangeFixtures.loader()) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))
                #expect(try await source.bytes(at: 150_000, length: 1000) == RangeFixtures.slice(old, 150_000, 1000))

                // When the archive is replaced by a 100 kB "v2" and a range past its new end is read
                try archive.replace(with: .data(shorter), tag: "\"v2\"")
                await #expect(throws: LoadError.archiveChanged(url: source.name)) {
                    try await source.bytes(at: 180_000, length: 1000)
                }

                // Then the server's 416 led to the first bytes being asked again, which named "v2": a changed archive
                #expect(archive.requests.suffix(2).map(\.status) == [416, 206])
                // … and a new source reads the new version
                let renewed = try loader.byteRangeSource(for: server.url(RangeFixtures.path))
                #expect(try await renewed.bytes(at: 50_000, length: 1000) == RangeFixtures.slice(shorter, 50_000, 1000))
                #expect(archive.requests.last?.ifRange == "\"v2\"")
            }
        }
    }

    @Test func anArchiveWithoutETagIsPinnedToItsLastModifiedDate() async throws {
        // Given an archive with a Last-Modified date and no ETag
        let first = "Tue, 24 Nov 2026 10:00:00 GMT", second = "Wed, 25 Nov 2026 08:00:00 GMT"
        let archive = try TestArchive(.data(old), tag: nil, lastModified: first)
        try await RangeFixtures.serving(archive) { server in
            try await RangeFixtures.using(try RangeFixtures.loader()) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))

                // When a range is read, the archive is replaced, and another is read
                #expect(try await source.bytes(at: 30_000, length: 500) == RangeFixtures.slice(old, 30_000, 500))
                #expect(archive.requests.last?.ifRange == first)
                try archive.replace(with: .data(new), tag: nil, lastModified: second)

                // Then the date says the archive changed
                await #expect(throws: LoadError.archiveChanged(url: source.name)) {
                    try await source.bytes(at: 60_000, length: 500)
                }
            }
        }
    }

    @Test(arguments: [nil, "W/\"same\""])
    func anArchiveWithoutAStrongVersionIsNotReadInParts(tag: String?) async throws {
        // Given an archive with no ETag (or one weak ETag that never changes) and no Last-Modified
        let archive = try TestArchive(.data(old), tag: tag, cacheControl: "max-age=60")
        try await RangeFixtures.serving(archive) { server in
            try await RangeFixtures.using(try RangeFixtures.loader()) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))

                // When its first bytes are read, then a part beyond them
                #expect(try await source.bytes(at: 100, length: 500) == RangeFixtures.slice(old, 100, 500))
                try archive.replace(with: .data(new), tag: tag)
                await #expect(throws: LoadError.archiveWithoutVersion(url: source.name)) {
                    try await source.bytes(at: 30_000, length: 500)
                }

                // Then the part was refused without a request (it could be of another version), and the source says why
                #expect(archive.requests.map(\.range) == ["bytes=0-16383"])
                await #expect(throws: LoadError.archiveWithoutVersion(url: source.name)) {
                    try await #require(source as? HTTPRangeSource).version()
                }
            }
        }
    }
}
