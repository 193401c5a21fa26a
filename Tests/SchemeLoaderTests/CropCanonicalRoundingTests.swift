// A crop is validated as its canonical URL spells it (6 decimals), so every crop accepted is accepted
// again from its own URL, and equal keys mean equal crops (the fuzz-url round-trip property).
import Foundation
import SchemeLoader
import Testing

@Suite struct CropCanonicalRoundingTests {
    @Test func aCropThatOverflowsOnceRoundedIsRefusedUpFront() throws {
        // Given a crop inside the photo whose 6-decimal spelling is not (0.5 + 0.500002 > 1.000001)
        let url = try #require(URL(string: "asset://?id=a&crop=0.4999995,0,0.5000015,1"))
        // When it is parsed, Then it is refused at once (it used to be accepted, its own key refused)
        #expect(throws: LoadError.self) { try AssetURL(url: url) }
    }

    @Test func aWidthThatRoundsToZeroIsRefused() throws {
        // Given a crop width below the canonical precision
        // When it is made, Then it is refused as empty instead of keyed as width 0
        #expect(throws: LoadError.self) { try AssetCrop(x: 0, y: 0, width: 0.0000004, height: 1) }
    }

    @Test func anAcceptedCropEqualsTheCropItsURLGivesBack() throws {
        // Given crops with more decimals than the URL keeps
        for text in ["0.0000006,0.0000006,0.9999994,0.5", "0.1234567,0.2,0.3333333,0.7", "0.1,0.1,0.8,0.8"] {
            let asset = try AssetURL(url: #require(URL(string: "asset://?id=a&crop=\(text)")))
            // When the canonical URL is parsed again
            let again = try AssetURL(url: asset.url)
            // Then the values and the key are the same
            #expect(again.crop == asset.crop, "\(text)")
            #expect(again.url == asset.url, "\(text)")
        }
    }
}
