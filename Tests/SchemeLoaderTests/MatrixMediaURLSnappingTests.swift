// `mxc://` thumbnail sizes: a box snaps to the smallest size servers make at upload that covers it, so that
// identical boxes share one key; past 800×600 it is the whole file.
import Foundation
import SchemeLoader
import Testing

@Suite struct MatrixMediaURLSnappingTests {
    private func key(_ text: String) throws -> String { try MatrixMediaURL(url: URL(string: text)!).url.absoluteString }

    @Test func givenBoxes_whenParsed_thenEachSnapsToTheSmallestPremadeSizeCoveringIt() throws {
        // Given boxes at and between the pre-made sizes, Then each key names the covering size
        #expect(try key("mxc://example.org/abc?width=1&height=1") == "mxc://example.org/abc?height=32&width=32")
        #expect(try key("mxc://example.org/abc?width=32&height=32") == "mxc://example.org/abc?height=32&width=32")
        #expect(try key("mxc://example.org/abc?width=33&height=10") == "mxc://example.org/abc?height=96&width=96")
        #expect(try key("mxc://example.org/abc?width=200&height=200") == "mxc://example.org/abc?height=240&width=320")
        #expect(try key("mxc://example.org/abc?width=320&height=241") == "mxc://example.org/abc?height=480&width=640")
        #expect(try key("mxc://example.org/abc?width=800&height=600") == "mxc://example.org/abc?height=600&width=800")
        #expect(try MatrixMediaURL(url: URL(string: "mxc://example.org/abc?width=50&height=50")!).thumbnail?.method == .crop)
        #expect(try MatrixMediaURL(url: URL(string: "mxc://example.org/abc?width=500&height=50")!).thumbnail?.method == .scale)
    }

    @Test func givenBoxesBeyond800By600_whenParsed_thenTheKeyIsTheWholeFile() throws {
        #expect(try key("mxc://example.org/abc?width=801&height=600") == "mxc://example.org/abc")
        #expect(try key("mxc://example.org/abc?width=100&height=601") == "mxc://example.org/abc")
        #expect(try key("mxc://example.org/abc?width=1000000000&height=1000000000") == "mxc://example.org/abc")
    }

    @Test func givenTwoBoxesOfOneSize_whenParsed_thenTheyShareOneKey() throws {
        #expect(try key("mxc://example.org/abc?height=230&width=300") == key("mxc://example.org/abc?width=320&height=240"))
        #expect(try key("mxc://example.org/abc?width=090&height=0096") == key("mxc://example.org/abc?width=96&height=96"))
    }

    @Test func givenABoxToFitAPictureInto_whenSized_thenOnlyScaledSizesAreChosen() throws {
        // Given a whole picture and boxes a thumbnail stage fits it into
        let media = try MatrixMediaURL(url: URL(string: "mxc://example.org/abc")!)

        // Then the small square crops are never chosen (they would cut the picture), and big boxes get the file
        #expect(media.fitting(width: 40, height: 40).url.absoluteString == "mxc://example.org/abc?height=240&width=320")
        #expect(media.fitting(width: 600, height: 300).url.absoluteString == "mxc://example.org/abc?height=480&width=640")
        #expect(media.fitting(width: 1600, height: 900).url.absoluteString == "mxc://example.org/abc")
    }
}
