// AssetDiskCacheTests: an edited variant is rendered once, then served from memory, and from disk
// by a new loader on the same cache folder (a restart).
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct AssetDiskCacheTests {
    @Test func anEditedVariantIsADiskHitAfterARestart() async throws {
        let disk = try TemporaryDirectory()
        let url = AssetFixtures.url("asset://?id=\(AssetFixtures.coffee)&width=160&height=120&crop=0.2,0.1,0.6,0.8&filter=sepia&rotate=270")

        // Given a first loader that renders the variant
        let first = try AssetFixtures.loader(disk: disk.url)
        let rendered = try await first.data(for: url)
        #expect(rendered.source == .handler)
        #expect(try await first.data(for: url).source == .memory)
        await first.shutdown()

        // When a new loader opens the same cache folder
        let restarted = try AssetFixtures.loader(disk: disk.url)
        let again = try await restarted.data(for: url)

        // Then the same bytes come from disk, and another edit still goes to the handler
        #expect(again.source == .disk)
        #expect(again.data == rendered.data)
        #expect(again.response.mimeType == "image/jpeg")
        let other = try await restarted.data(for: AssetFixtures.url("asset://?id=\(AssetFixtures.coffee)&width=160&height=120&filter=noir"))
        #expect(other.source == .handler)
    }
}
