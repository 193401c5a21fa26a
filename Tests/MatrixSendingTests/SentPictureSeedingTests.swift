// SentPictureSeedingTests: a sent picture's mxc:// entries come from the local pixels — every box a cell may ask
// for (snapped by MatrixMediaURL.fitting) is a memory hit at once, and nothing reaches the network.
import Foundation
import Imaging
import Matrix
import MatrixSending
import SchemeLoader
import TestSupport
import Testing

@Suite struct SentPictureSeedingTests {
    @Test func everyBoxACellAsksForIsAMemoryHitWithNoRequest() async throws {
        // Given an mxc handler whose homeserver never accepts a connection (a request would hang), and a sent picture
        let listener = try UnacceptingListener()
        let session = MatrixSession(homeserver: URL(string: "http://127.0.0.1:\(listener.port)")!, userID: "@a:localhost",
                                    deviceID: "D", accessToken: "t")
        let loader = try SchemeLoader(handlers: [MatrixMediaSchemeHandler(session: session)])
        let bitmap = Bitmap(width: 1600, height: 1200, filledWith: RGBA(red: 10, green: 200, blue: 30))
        let picture = try ImageProcessor().encode(bitmap, as: .jpeg(quality: 85))
        let media = try MatrixMediaURL(server: "localhost", mediaID: "sent1")

        // When its entries are seeded
        let seeded = try await SentPictureSeeding.seed(loader, media: media, picture: picture)

        // Then the whole file and each box's snapped thumbnail are in memory, with the right sizes, and no load ran
        #expect(seeded.count == 4)
        let whole = try #require(loader.cachedResult(for: media.url))
        #expect(whole.data == picture)
        for (box, expected) in [((100, 40), (320, 240)), ((500, 300), (640, 480)), ((800, 600), (800, 600))] {
            let url = media.fitting(width: box.0, height: box.1).url
            let hit = try #require(loader.cachedResult(for: url), "\(url)")
            let info = try ImageProcessor().info(of: hit.data)
            #expect((info.width, info.height) == expected, "\(url)")
        }
        #expect(loader.cachedResult(for: media.fitting(width: 2000, height: 1500).url)?.data == picture)
        let loaded = try await loader.result(for: LoadRequest(url: media.fitting(width: 300, height: 200).url))
        #expect(loaded.source == .memory)
        #expect(loader.statistics.inFlight == 0)
    }
}
