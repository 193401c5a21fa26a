// Byte ranges over HTTP: the bytes asked, one range request each, pinned to the version the first read learned.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct ByteRangeReadTests {
    @Test func eachRangeIsTheArchivesBytesFromOneRequestPinnedToItsVersion() async throws {
        // Given a 100 kB archive tagged "v1" on a server
        let bytes = RangeFixtures.archiveBytes(100_000)
        let archive = try TestArchive(.data(bytes), tag: "\"v1\"")
        try await RangeFixtures.serving(archive) { server in
            try await RangeFixtures.using(try RangeFixtures.loader()) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))

                // When its header, a range inside the first 16 KiB and a range further on are read
                let header = try await source.bytes(at: 0, length: 127)
                let inside = try await source.bytes(at: 1000, length: 5000)
                let further = try await source.bytes(at: 50_000, length: 20_000)

                // Then each is the archive's bytes …
                #expect(header == RangeFixtures.slice(bytes, 0, 127))
                #expect(inside == RangeFixtures.slice(bytes, 1000, 5000))
                #expect(further == RangeFixtures.slice(bytes, 50_000, 20_000))
                // … from two range requests: the first 16 KiB, which names the version, and the range pinned to it
                #expect(archive.requests.map(\.range) == ["bytes=0-16383", "bytes=50000-69999"])
                #expect(archive.requests.map(\.ifRange) == [nil, "\"v1\""])
                #expect(archive.requests.map(\.status) == [206, 206])
                #expect(archive.bodyBytesSent == 16_384 + 20_000)
                #expect(source.name == server.url(RangeFixtures.path).absoluteString)
            }
        }
    }

    @Test func aRangeOverTheArchivesEndIsShorterAndOnePastItIsATypedErrorNamingTheSize() async throws {
        // Given a 100 kB archive
        let bytes = RangeFixtures.archiveBytes(100_000)
        let archive = try TestArchive(.data(bytes))
        try await RangeFixtures.serving(archive) { server in
            try await RangeFixtures.using(try RangeFixtures.loader()) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))

                // When a range over its end is read, it is the bytes up to the end
                #expect(try await source.bytes(at: 99_000, length: 5000) == RangeFixtures.slice(bytes, 99_000, 1000))

                // Then a range past its end is the server's 416, as a typed error naming the range and the size
                await #expect(throws: LoadError.rangeNotSatisfiable(
                    url: source.name, offset: 200_000, length: 100, size: 100_000)) {
                    try await source.bytes(at: 200_000, length: 100)
                }
                // … after its first bytes, asked again, were still of the version read (not a shorter archive)
                #expect(archive.requests.suffix(2).map(\.status) == [416, 304])
                #expect(try await source.bytes(at: 5, length: 0).isEmpty)
            }
        }
    }

    @Test func anArchiveSmallerThanItsFirstBytesIsReadWithOneRequest() async throws {
        // Given a 5 kB archive
        let bytes = RangeFixtures.archiveBytes(5000, seed: 3)
        let archive = try TestArchive(.data(bytes))
        try await RangeFixtures.serving(archive) { server in
            try await RangeFixtures.using(try RangeFixtures.loader()) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))

                // When ranges inside it, over its end and past its end are read
                #expect(try await source.bytes(at: 10, length: 100) == RangeFixtures.slice(bytes, 10, 100))
                #expect(try await source.bytes(at: 4000, length: 2000) == RangeFixtures.slice(bytes, 4000, 1000))
                await #expect(throws: LoadError.rangeNotSatisfiable(url: source.name, offset: 6000, length: 10, size: 5000)) {
                    try await source.bytes(at: 6000, length: 10)
                }

                // Then one request read it all
                #expect(archive.requests.map(\.range) == ["bytes=0-16383"])
            }
        }
    }

    @Test func aRangeLongerThanTheBodyLimitIsRefusedBeforeItsRequest() async throws {
        // Given a loader whose HTTP handler takes bodies of at most 50 kB
        let archive = try TestArchive(.data(RangeFixtures.archiveBytes(200_000)))
        try await RangeFixtures.serving(archive) { server in
            try await RangeFixtures.using(try RangeFixtures.loader(http: { $0.maxBodyBytes = 50_000 })) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))
                _ = try await source.bytes(at: 0, length: 10)

                // When a 60 kB range is read, then it is refused by the limit, and no request for it went out
                await #expect(throws: LoadError.bodyTooLarge(limit: 50_000, url: source.name)) {
                    try await source.bytes(at: 100_000, length: 60_000)
                }
                #expect(archive.requests.count == 1)
            }
        }
    }

    @Test func onlyHTTPURLsAndLoadersWithTheHTTPHandlerGiveASource() async throws {
        // Given a loader with the HTTP handler and one without
        let loader = try RangeFixtures.loader()
        let fileOnly = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [])])

        // Then a file URL is refused by name, and a loader that cannot load ranges says so
        #expect(throws: LoadError.invalidParameter(
            name: "url", value: "file:///tmp/a.pmtiles", reason: "byte ranges are read over http or https only")) {
            try loader.byteRangeSource(for: URL(fileURLWithPath: "/tmp/a.pmtiles"))
        }
        #expect(throws: LoadError.unsupportedScheme("byterange")) {
            try fileOnly.byteRangeSource(for: URL(string: "https://example.org/a.pmtiles")!)
        }
        await loader.shutdown()
    }
}
