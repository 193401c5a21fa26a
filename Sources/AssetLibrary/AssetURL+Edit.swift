// AssetURL+Edit: an `asset://` URL's edit parameters as an Imaging edit value.
import Foundation
import Imaging
import SchemeLoader

extension AssetURL {
    /// The crop, rotation and filter of this URL as an `ImageEdit` for the photo `data` (all already validated by
    /// `AssetURL`). A centre-square crop is resolved from the photo's upright size, read from its header.
    func edit(of data: Data, processor: ImageProcessor) throws(ImagingError) -> ImageEdit {
        try edit { () throws(ImagingError) in
            let info = try processor.info(of: data)
            return (info.width, info.height)
        }
    }

    /// The same for a photo whose upright size `photoSize` tells (asked only for a centre-square crop).
    func edit(photoSize: () throws(ImagingError) -> (width: Int, height: Int)) throws(ImagingError) -> ImageEdit {
        let region: CropRect
        if crop.isCentreSquare {
            let size = try photoSize()
            region = .centreSquare(ofWidth: size.width, height: size.height)
        } else {
            region = crop == .full ? .full : try CropRect(x: crop.x, y: crop.y, width: crop.width, height: crop.height)
        }
        return ImageEdit(crop: region, rotation: try ImageRotation(degrees: rotate),
                         filter: ImageFilter(rawValue: filter.rawValue) ?? .none)
    }
}
