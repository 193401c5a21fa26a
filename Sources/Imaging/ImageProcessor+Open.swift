// ImageProcessor+Open: a sniffed picture opened as a libvips image — through its own loader, or
// (BMP) decoded by Imaging — and shrunk into a box.
import CVips
import Foundation

extension ImageProcessor {
    /// `raw`, whose content is `format`, as a lazily decoded libvips image (a BMP is decoded at once,
    /// after its header passed `limits`).
    static func open(_ raw: UnsafeRawBufferPointer, as format: ImageFormat, limits: ImageLimits) throws(ImagingError) -> VipsImageRef {
        guard format != .bmp else {
            let header = try BMPHeader(raw, maxPixels: limits.maxPixels)
            let bitmap = BMPDecoder.decode(raw, header: header)
            let copied = bitmap.pixels.withUnsafeBytes { pixels in
                vips_image_new_from_memory_copy(pixels.baseAddress, pixels.count, Int32(bitmap.width), Int32(bitmap.height), 4, VIPS_FORMAT_UCHAR)
            }
            guard let copied else { throw .processingFailed(operation: "new_from_memory_copy", reason: Vips.takeError()) }
            let image = VipsImageRef(copied)
            // An opaque picture as three bands: libvips then scales it without premultiplying an alpha.
            return header.hasAlpha ? image : try image.apply("extract_band") { snap_vips_extract_band($0, $1, 0, 3) }
        }
        _ = try VipsLoaders.loader(for: format, raw)
        guard let base = raw.baseAddress, let opened = snap_vips_new_from_buffer(base, raw.count) else {
            throw .corrupt(format: format, reason: Vips.takeError())
        }
        return VipsImageRef(opened)
    }

    /// The upright picture scaled into `width × height` (`crop`: filling it, centre-cropped), decoded at
    /// a reduced size where the loader can (JPEG shrink-on-load, HEIF thumbnails whose declared size is the
    /// picture's shape: `HEIFItems.thumbnailsMatchPrimary`, else from the primary picture), its embedded
    /// colour profile converted to sRGB (`outputProfile(for:)`); `image` is `raw` opened.
    static func shrink(
        _ image: VipsImageRef, _ format: ImageFormat, _ raw: UnsafeRawBufferPointer, width: Int, height: Int, crop: Bool
    ) throws(ImagingError) -> VipsImageRef {
        var out: UnsafeMutablePointer<VipsImage>?
        let (boxWidth, boxHeight) = (Int32(clamping: width), Int32(clamping: height))
        let untrustedThumbnail = (format == .heif || format == .avif)
            && (try? HEIFItems(raw, format: format))?.thumbnailsMatchPrimary == false
        let status = format == .bmp
            ? snap_vips_thumbnail_image(image.pointer, &out, boxWidth, boxHeight, crop ? 1 : 0)
            : untrustedThumbnail
            ? snap_vips_thumbnail_image_profile(image.pointer, &out, boxWidth, boxHeight, crop ? 1 : 0, outputProfile(for: image))
            : snap_vips_thumbnail_buffer(UnsafeMutableRawPointer(mutating: raw.baseAddress), raw.count, &out,
                                         boxWidth, boxHeight, crop ? 1 : 0, outputProfile(for: image))
        guard status == 0, let out else {
            if let out { g_object_unref(out) }
            throw .processingFailed(operation: "thumbnail", reason: Vips.takeError())
        }
        return VipsImageRef(out)
    }
}

extension BMPHeader {
    /// The header facts as `ImageInfo` (a BMP has one frame and no orientation).
    var info: ImageInfo { ImageInfo(width: width, height: height, format: .bmp, hasAlpha: hasAlpha) }
}
