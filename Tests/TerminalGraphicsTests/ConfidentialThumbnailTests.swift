// ConfidentialThumbnailTests: a thumbnail made from confidential bytes (a decrypted attachment) is kept in memory only,
// in every mode — even sixel and kitty, whose thumbnails of other pictures go to disk — and says it is confidential.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite struct ConfidentialThumbnailTests {
    /// Serves one PNG as a decrypt stage does: memory only, confidential.
    private struct ConfidentialSource: SchemeHandling {
        let png: Data
        func canHandle(_ url: URL) -> Bool { url.scheme == "secret" }
        func canonicalURL(for url: URL) throws -> URL { url }
        func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
            client.didReceive(LoadResponse(mimeType: "image/png", expectedLength: png.count, storagePolicy: .memoryOnly,
                                           isConfidential: true))
            client.didLoad(png)
        }
    }

    @Test(arguments: [GraphicsMode.sixel, .kitty, .symbols])
    func itsThumbnailIsConfidentialAndNeverOnDisk(mode: GraphicsMode) async throws {
        let folder = try TemporaryDirectory()
        let png = try await OffPool.run { try ImageProcessor().encode(TestImages.card(width: 120, height: 80), as: .png) }
        let thumbnails = try SchemeLoader(handlers: [ConfidentialSource(png: png), ThumbnailSchemeHandler()],
                                          configuration: SchemeLoaderConfiguration(diskDirectory: folder.url))
        let url = ThumbnailURL(source: URL(string: "secret://attachment/1")!, box: ThumbnailBox(columns: 12, rows: 4, mode: mode)).url
        // When its thumbnail is made, and asked again
        let made = try await thumbnails.data(for: url)
        let again = try await thumbnails.data(for: url)
        await thumbnails.waitForPendingWrites()
        // Then it is confidential and memory-only: the second load a memory hit, nothing written under the disk folder
        #expect(made.response.isConfidential == true && made.response.storagePolicy == .memoryOnly)
        #expect(again.source == .memory)
        let paths = FileManager.default.enumerator(atPath: folder.url.path)?.allObjects.compactMap { $0 as? String } ?? []
        for path in paths {
            let contents = FileManager.default.contents(atPath: folder.appending(path).path) ?? Data()
            #expect(contents.range(of: Data("secret".utf8)) == nil, "an entry of the confidential thumbnail: \(path)")
        }
        await thumbnails.shutdown()
    }
}
