// RangeFixtures: one archive on a loopback server and loaders with the HTTP handler, for the byte range tests.
import Foundation
import SchemeLoader
import TestSupport

enum RangeFixtures {
    /// Where the server serves the archive.
    static let path = "/world.pmtiles"

    /// `count` bytes that differ from their neighbours, and between seeds.
    static func archiveBytes(_ count: Int, seed: Int = 0) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ ($0 >> 8) &+ seed &* 101) })
    }

    /// `count` bytes of `data` from `offset`.
    static func slice(_ data: Data, _ offset: Int, _ count: Int) -> Data {
        Data(data.dropFirst(offset).prefix(count))
    }

    /// A loader whose one handler is an `HTTPSchemeHandler`.
    static func loader(
        disk: URL? = nil, memoryLimit: Int = 64 << 20, now: @escaping @Sendable () -> Date = { Date() },
        http: (inout HTTPSchemeHandler.Configuration) -> Void = { _ in }
    ) throws -> SchemeLoader {
        var handler = HTTPSchemeHandler.Configuration()
        handler.now = now
        http(&handler)
        var configuration = SchemeLoaderConfiguration(diskDirectory: disk)
        configuration.memoryCostLimit = memoryLimit
        configuration.now = now
        return try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: handler)], configuration: configuration)
    }

    /// Runs `body` with a server of `archive` at `path` (at most `bytesPerSecond` per connection), then stops it.
    static func serving(_ archive: TestArchive, bytesPerSecond: Int? = nil,
                        _ body: (TestHTTPServer) async throws -> Void) async throws {
        let server = try await TestHTTPServer(routes: [path: .archive(archive)], bytesPerSecond: bytesPerSecond)
        do {
            try await body(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// Runs `body` with `loader`, then shuts the loader down (its disk copies written).
    static func using(_ loader: SchemeLoader, _ body: (SchemeLoader) async throws -> Void) async throws {
        do {
            try await body(loader)
        } catch {
            await loader.shutdown()
            throw error
        }
        await loader.shutdown()
    }
}
