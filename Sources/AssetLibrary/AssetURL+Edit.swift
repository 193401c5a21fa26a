// AssetURL+Edit: an `asset://` URL's edit parameters as an Imaging edit value.
import Imaging
import SchemeLoader

extension AssetURL {
    /// The crop, rotation and filter of this URL as an `ImageEdit` (all already validated by `AssetURL`).
    func edit() throws(ImagingError) -> ImageEdit {
        ImageEdit(
            crop: crop == .full ? .full : try CropRect(x: crop.x, y: crop.y, width: crop.width, height: crop.height),
            rotation: try ImageRotation(degrees: rotate),
            filter: ImageFilter(rawValue: filter.rawValue) ?? .none)
    }
}
