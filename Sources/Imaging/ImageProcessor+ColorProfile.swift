// ImageProcessor+ColorProfile: pictures with an embedded ICC profile come out in sRGB on the libvips path
// too, as on the libjpeg one (DirectJPEG), by the same rule: an RGB device profile lcms2 reads.

import CVips
import Foundation

extension ImageProcessor {
    /// libvips' name of the profile to convert `image` to ("srgb") when it is a colour picture carrying an
    /// ICC profile `SRGBTransforms` would apply, else `nil`: no profile, a grey picture, or a profile that
    /// is ignored on the libjpeg path as well (unreadable, not RGB).
    static func outputProfile(for image: VipsImageRef) -> String? {
        var data: UnsafeRawPointer?
        var length = 0
        guard image.bands == 3 || (image.bands == 4 && image.hasAlpha),
              snap_vips_icc_profile(image.pointer, &data, &length) == 0, let data else { return nil }
        return SRGBTransforms.shared.isUsable(UnsafeRawBufferPointer(start: data, count: length)) ? "srgb" : nil
    }

    /// `image` converted from its embedded profile to sRGB when `outputProfile(for:)` says so.
    static func inSRGB(_ image: VipsImageRef) throws(ImagingError) -> VipsImageRef {
        guard let profile = outputProfile(for: image) else { return image }
        return try image.apply("icc_transform") { snap_vips_icc_transform_embedded($0, $1, profile) }
    }
}
