// Reading many byte ranges holds no more memory than the loader's memory cache allows.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct ByteRangeMemoryTests {
    @Test func manyRangesStayWithinTheMemoryCachesCap() async throws {
        // Given a loader whose memory cache holds 256 KiB
        let bytes = RangeFixtures.archiveBytes(2_000_000)
        let archive = try TestArchive(.data(bytes))
        try await RangeFixtures.serving(archive) { server in
            try await RangeFixtures.using(try RangeFixtures.loader(memoryLimit: 256 << 10)) { loader in
                let source = try loader.byteRangeSource(for: server.url(RangeFixtures.path))

                // When 100 ranges of 16 KiB (1.6 MB) are read
                for index in 0..<100 {
                    let offset = 20_000 + index * 19_000
                    #expect(try await source.bytes(at: UInt64(offset), length: 16_384) == RangeFixtures.slice(bytes, offset, 16_384))
                }

                // Then the memory cache kept within its cap, evicting the oldest ranges
                #expect(loader.memoryCache.totalCost <= 256 << 10)
                #expect(loader.memoryCache.count < 20)
            }
        }
    }
}
