// ColorProfileLibvipsPathTests: where libvips does the work — a full decode, a fitted thumbnail, an edit —
// an embedded ICC profile is converted to sRGB as on the libjpeg path, and a profile the libjpeg path
// ignores (unreadable, grey in a colour picture) is ignored there too.
import Foundation
@testable import Imaging
import Testing

@Suite struct ColorProfileLibvipsPathTests {
    private let processor = ImageProcessor()
    private let green = RGBA(red: 40, green: 200, blue: 60)

    private func flat(profile: String) throws -> Data {
        JPEGFixtures.withProfile(try TestImages.jpeg(Bitmap(width: 64, height: 48, filledWith: green), orientation: 1),
                                 try JPEGFixtures.data(profile))
    }

    @Test func givenAnAdobeRGBPictureWhenDecodedFittedOrEditedThenItsColourIsTheFastPathsConversion() throws {
        // Given a flat green in Adobe RGB, converted on the libjpeg path
        let data = try flat(profile: "good/profiles/adobe-rgb.icc")
        let converted = try #require(DirectJPEG.filledThumbnail(data, width: 32, height: 24, limits: ImageLimits()))[16, 12]
        #expect(!TestImages.close(converted, green, tolerance: 10), "the conversion changes this colour: \(converted)")
        // When libvips decodes it, fits it or renders an edit of it, then the colour is the same
        for picture in [try processor.decode(data), try processor.thumbnail(data, width: 32, height: 32, mode: .fit),
                        try processor.render(data, width: 32, height: nil, edit: ImageEdit(rotation: .clockwise90))] {
            #expect(TestImages.close(picture[picture.width / 2, picture.height / 2], converted, tolerance: 2),
                    "\(picture[picture.width / 2, picture.height / 2]) against \(converted)")
        }
    }

    @Test func givenAnUnusableProfileWhenDecodedThenItIsIgnoredAsOnTheFastPath() throws {
        let data = try JPEGFixtures.data("bad/icc-grey-profile-in-colour.jpg")
        let plain = try JPEGFixtures.data("good/plain-128x96.jpg")
        #expect(try processor.decode(data) == (try processor.decode(plain)))
    }
}
