// MatrixMediaLoadTests: `mxc://` through the shared loader against the real Synapse — the whole file is the
// peer's bytes, a thumbnail box gets the server's pre-made thumbnail, and equal boxes are one request.
import Foundation
import Imaging
import Matrix
import SchemeLoader
import TestSupport
import Testing

@Suite struct MatrixMediaLoadTests {
    @Test func givenAPeersUpload_whenLoadingItsMxcURL_thenTheBytesAreWhatThePeerUploaded() async throws {
        // Given a picture a peer uploaded, and our session
        let fixture = try await MatrixMediaFixture.make()
        let loader = try fixture.loader()

        // When the loader loads its mxc:// URL
        let result = try await loader.data(for: URL(string: fixture.mxc)!)

        // Then the bytes are the file, cached by the server's headers
        #expect(result.data == (try Data(contentsOf: MatrixMediaFixture.photo)))
        #expect(result.response.mimeType == "image/jpeg")
        await loader.shutdown()
        await fixture.finish()
    }

    @Test func givenAPeersUpload_whenLoadingAThumbnailBox_thenItIsTheServersThumbnailAndEqualBoxesAreOneRequest() async throws {
        // Given a 512×512 picture a peer uploaded
        let fixture = try await MatrixMediaFixture.make()
        let loader = try fixture.loader()

        // When two boxes that snap to 320×240 are loaded one after the other
        let first = try await loader.data(for: URL(string: fixture.mxc + "?width=300&height=200")!)
        let second = try await loader.data(for: URL(string: fixture.mxc + "?width=320&height=240")!)

        // Then the picture is the server's scaled thumbnail (at most 320×240), and the second came from the cache
        let info = try ImageProcessor().info(of: first.data)
        #expect(info.width <= 320 && info.height <= 240 && info.width > 96)
        #expect(second.data == first.data)
        #expect(loader.statistics.handlerLoads == 1)
        let mediaID = try #require(fixture.mxc.split(separator: "/").last)
        let shouted = URL(string: "MXC://LocalHost/\(mediaID)?width=300&height=200")!
        #expect(try loader.canonicalURL(for: shouted).absoluteString == fixture.mxc + "?height=240&width=320")
        await loader.shutdown()
        await fixture.finish()
    }
}
