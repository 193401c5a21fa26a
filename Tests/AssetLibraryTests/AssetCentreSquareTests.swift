// AssetCentreSquareTests: `crop=square` keeps the middle of the photo, square in pixels whatever its aspect.
import AssetLibrary
import Foundation
import Imaging
import SchemeLoader
import TestSupport
import Testing

@Suite struct AssetCentreSquareTests {
    private let processor = ImageProcessor()

    /// A photo whose red channel says its column and green its row (0…255 across each side), so a crop's
    /// corners tell where in the photo they came from.
    private func gradientPhoto(width: Int, height: Int, in folder: TemporaryDirectory) throws -> String {
        var bitmap = Bitmap(width: width, height: height, filledWith: RGBA(red: 0, green: 0, blue: 0, alpha: 255))
        for x in 0..<width {
            for y in 0..<height {
                bitmap[x, y] = RGBA(red: UInt8(255 * x / (width - 1)), green: UInt8(255 * y / (height - 1)), blue: 128, alpha: 255)
            }
        }
        let name = "gradient-\(width)x\(height).png"
        try processor.encode(bitmap, as: .png).write(to: folder.appending(name))
        return AssetLibrary.userAssetID(relativePath: name)
    }

    /// The colour a pixel at (`x`, `y`) of the gradient photo has.
    private func expected(x: Int, y: Int, width: Int, height: Int) -> (red: Int, green: Int) {
        (255 * x / (width - 1), 255 * y / (height - 1))
    }

    private func near(_ pixel: RGBA, _ colour: (red: Int, green: Int), _ comment: Comment) {
        #expect(abs(Int(pixel.red) - colour.red) <= 8 && abs(Int(pixel.green) - colour.green) <= 8,
                "\(comment): \(pixel) against red \(colour.red) green \(colour.green)")
    }

    @Test(arguments: [(400, 300), (300, 400), (320, 180)])
    func theCentreSquareIsSquareInPixelsAndKeepsTheMiddle(width: Int, height: Int) async throws {
        // Given a 4:3, 3:4 or 16:9 photo
        let folder = try TemporaryDirectory()
        let id = try gradientPhoto(width: width, height: height, in: folder)
        let loader = try AssetFixtures.loader(userFolder: folder.url)
        // When its centre square is drawn at the photo's own resolution
        let result = try await loader.data(for: AssetFixtures.url("asset://?id=\(id)&crop=square"))
        let picture = try processor.decode(result.data)
        // Then it is the shorter side square, cut from the middle
        let side = min(width, height)
        #expect(abs(picture.width - side) <= 1 && abs(picture.height - side) <= 1)
        #expect(abs(picture.width - picture.height) <= 1)
        let left = (width - side) / 2, top = (height - side) / 2
        near(picture[0, 0], expected(x: left, y: top, width: width, height: height), "top-left")
        near(picture[picture.width - 1, picture.height - 1],
             expected(x: left + side - 1, y: top + side - 1, width: width, height: height), "bottom-right")
        near(picture[picture.width / 2, picture.height / 2], expected(x: width / 2, y: height / 2, width: width, height: height), "centre")
    }

    @Test(arguments: [(400, 300), (300, 400), (320, 180)])
    func aTurnedCentreSquareAtAnAskedSizeStaysSquare(width: Int, height: Int) async throws {
        // Given a photo
        let folder = try TemporaryDirectory()
        let id = try gradientPhoto(width: width, height: height, in: folder)
        let loader = try AssetFixtures.loader(userFolder: folder.url)
        // When its centre square is turned a quarter and drawn 97 pixels wide (the crop comes before the turn)
        let result = try await loader.data(for: AssetFixtures.url("asset://?id=\(id)&crop=square&rotate=90&width=97"))
        let picture = try processor.decode(result.data)
        // Then it is 97 × 97, and its top-left is the square's bottom-left
        #expect(abs(picture.width - 97) <= 1 && abs(picture.height - 97) <= 1)
        let side = min(width, height), left = (width - side) / 2, top = (height - side) / 2
        near(picture[0, 0], expected(x: left, y: top + side - 1, width: width, height: height), "top-left after the turn")
    }

    @Test func anEXIFTurnedPhotoIsSquaredUpright() async throws {
        // chelsea is stored 300 × 451 and shown 451 × 300
        let loader = try AssetFixtures.loader()
        let result = try await loader.data(for: AssetFixtures.url("asset://?id=\(AssetFixtures.chelsea)&crop=square"))
        let info = try processor.info(of: result.data)
        #expect(info.width == 300 && info.height == 300)
    }

    @Test func aSentCentreSquareIsSquare() throws {
        // A send reads the edit without a size: the square is resolved from the photo itself
        let library = try AssetLibrary(shippedFolder: AssetFixtures.shipped)
        let (data, edit) = try library.editedPhoto(AssetFixtures.url("asset://?id=\(AssetFixtures.coffee)&crop=square"))
        let picture = try processor.render(data, width: nil, height: nil, edit: edit)
        #expect(picture.width == 400 && picture.height == 400)
    }

    @Test func theCentreSquareKeepsItsNameInTheCanonicalURL() throws {
        let url = try AssetURL(url: AssetFixtures.url("asset://?id=p-1&crop=square"))
        #expect(url.crop == .centreSquare)
        #expect(url.url.absoluteString.contains("crop=square"))
        #expect(try AssetURL(url: url.url) == url)
        #expect(throws: LoadError.self) { try AssetURL(url: AssetFixtures.url("asset://?id=p-1&crop=squares")) }
    }
}
