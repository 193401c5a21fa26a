// PreparedPhoto: a photo made ready to send — its edited pixels encoded as JPEG (at most 2048 px on the long side
// unless the original size is asked), a thumbnail of at most 800×600, and the sizes the event announces.
import Foundation
import Imaging

/// An encoded picture and its thumbnail, with their sizes.
public struct PreparedPhoto: Sendable, Equatable {
    /// The picture, JPEG.
    public var picture: Data
    /// Its width and height in pixels.
    public var width: Int, height: Int
    /// The thumbnail, JPEG (the picture itself when it already fits 800×600).
    public var thumbnail: Data
    /// The thumbnail's width and height.
    public var thumbnailWidth: Int, thumbnailHeight: Int
    /// The BlurHash of the picture (`xyz.amorgan.blurhash`), 4×3 components; `nil` when it could not be made.
    public var blurHash: String?

    /// The longest side of a picture sent at the usual size.
    public static let longSide = 2048
    /// The box a thumbnail fits in (Element's).
    public static let thumbnailBox = (width: 800, height: 600)
    /// JPEG quality of the picture and its thumbnail.
    public static let quality = 85

    /// `data` (any picture format Imaging reads) with `edit` applied (crop, then rotation, then filter), encoded to
    /// send: fitted into 2048 × 2048 unless `original` (never enlarged), and a thumbnail fitted into 800 × 600.
    public static func make(from data: Data, edit: ImageEdit = .none, original: Bool = false,
                            processor: ImageProcessor = ImageProcessor()) throws(ImagingError) -> PreparedPhoto {
        let info = try processor.info(of: data)
        let cropped = (width: Double(info.width) * edit.crop.width, height: Double(info.height) * edit.crop.height)
        let upright = edit.rotation.swapsSides ? (width: cropped.height, height: cropped.width) : cropped
        let fits = max(upright.width, upright.height) <= Double(longSide)
        let bitmap = original || fits
            ? try processor.render(data, width: nil, height: nil, edit: edit)
            : try processor.render(data, width: longSide, height: longSide, mode: .fit, edit: edit)
        let picture = try processor.encode(bitmap, as: .jpeg(quality: quality))
        // The BlurHash is computed from a tiny copy: it holds 4×3 colour components, and costs a pass per pixel.
        let blurHash = try? BlurHash(encoding: processor.render(picture, width: blurHashSide, height: blurHashSide, mode: .fit)).text
        let scale = min(1, Double(thumbnailBox.width) / Double(bitmap.width), Double(thumbnailBox.height) / Double(bitmap.height))
        guard scale < 1 else {
            return PreparedPhoto(picture: picture, width: bitmap.width, height: bitmap.height, thumbnail: picture,
                                 thumbnailWidth: bitmap.width, thumbnailHeight: bitmap.height, blurHash: blurHash)
        }
        let small = try processor.render(picture, width: max(1, Int((Double(bitmap.width) * scale).rounded())),
                                         height: max(1, Int((Double(bitmap.height) * scale).rounded())), mode: .fit)
        return PreparedPhoto(picture: picture, width: bitmap.width, height: bitmap.height,
                             thumbnail: try processor.encode(small, as: .jpeg(quality: quality)),
                             thumbnailWidth: small.width, thumbnailHeight: small.height, blurHash: blurHash)
    }

    /// The side of the box the BlurHash is computed in.
    static let blurHashSide = 32
}
