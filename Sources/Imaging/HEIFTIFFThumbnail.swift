// HEIFTIFFThumbnail: HEIC and AVIF pictures thumbnailed by libheif, TIFFs by libtiff — without libvips, whose start-up
// and box shrink (it cannot shrink these on load) were most of their cold `render` (BENCHMARKS.md, issue 35).
import CDirectDecoders
import Foundation

/// Reads and thumbnails HEIC, AVIF and TIFF pictures with their own libraries (CDirectDecoders), as libvips'
/// thumbnail does: the tile bounds and the pixel limit checked first (`ImageProcessor.checkTiles`, `ImageLimits`);
/// a HEIF decoded from its thumbnail when it has the picture's shape (`HEIFItems.thumbnailsMatchPrimary`) and
/// covers the box, a TIFF from its smallest reduced-resolution page or SubIFD that does (a large one in bands of
/// rows on `DecodeThreads.count` threads); the pixels averaged down to about twice the box as they are decoded,
/// turned upright (a TIFF's Orientation tag), shrunk by `LanczosReduction`, then converted from an embedded ICC
/// profile to sRGB (`SRGBTransforms`).
/// A picture with alpha, one the box would enlarge, a TIFF of samples other than 8-bit grey, palette, RGB or JPEG
/// YCbCr, and any file its library fails on are left to libvips (`nil`), which reports what is wrong with them.
enum HEIFTIFFThumbnail {
    /// The formats this path reads.
    static let formats: Set<ImageFormat> = [.heif, .avif, .tiff]

    /// The header facts of `data`, or `nil` when it is not a picture this path reads (or its library fails on it).
    /// Throws `tooManyTiles` and `tooManyPixels` as the libvips path does, before any pixel is decoded.
    static func info(of data: Data, limits: ImageLimits) throws(ImagingError) -> ImageInfo? {
        guard let (format, header) = try checkedHeader(data, limits: limits) else { return nil }
        return ImageInfo(width: Int(header.width), height: Int(header.height), format: format,
                         frameCount: max(1, Int(header.pages)), orientation: Int(header.orientation),
                         hasAlpha: header.has_alpha != 0)
    }

    /// `data` scaled into `width × height` (`mode`), upright and in sRGB, or `nil` when libvips must do it.
    static func thumbnail(_ data: Data, width: Int, height: Int, mode: ThumbnailMode, limits: ImageLimits) throws(ImagingError) -> Bitmap? {
        guard let (format, header) = try checkedHeader(data, limits: limits), header.has_alpha == 0 else { return nil }
        let upright = (width: Int(header.width), height: Int(header.height))
        guard let box = mode.scaledSize(width: upright.width, height: upright.height, into: (width, height)) else { return nil }
        let covering = mode.coveringSize(width: upright.width, height: upright.height, target: box)
        let turned = header.orientation >= 5  // a TIFF stored sideways: its need is asked for in stored sides
        var rgb: UnsafeMutablePointer<UInt8>?
        var picture = snapterm_direct_picture()
        defer {
            free(rgb)
            free(picture.icc)
        }
        let result = data.withUnsafeBytes { raw -> Int32 in
            let bytes = raw.bindMemory(to: UInt8.self).baseAddress
            let need = turned ? (Int32(covering.height), Int32(covering.width)) : (Int32(covering.width), Int32(covering.height))
            if format == .tiff {
                return snapterm_tiff_decode(bytes, raw.count, need.0, need.1, limits.maxPixels, Int32(DecodeThreads.count), &rgb, &picture)
            }
            let trustsThumbnail = (try? HEIFItems(raw, format: format))?.thumbnailsMatchPrimary ?? true
            return snapterm_heif_decode(bytes, raw.count, trustsThumbnail ? 1 : 0, need.0, need.1, limits.maxPixels, &rgb, &picture)
        }
        switch Int(result) {
        case Int(SNAPTERM_DIRECT_OK.rawValue): break
        case Int(SNAPTERM_DIRECT_TOO_LARGE.rawValue):
            throw .tooManyPixels(width: upright.width, height: upright.height, limit: limits.maxPixels)
        default: return nil
        }
        guard let rgb else { return nil }
        let stored = UnsafeBufferPointer(start: rgb, count: Int(picture.width) * Int(picture.height) * 3)
        let extent = (Double(picture.decoded_width) / Double(picture.shrink), Double(picture.decoded_height) / Double(picture.shrink))
        func reduced(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int) -> Bitmap? {
            LanczosReduction.filled(rgb: pixels, width: width, height: height, toWidth: box.width, height: box.height,
                                    covering: covering, extent: turned ? (extent.1, extent.0) : extent)
        }
        let reduction: Bitmap?
        if (2...8).contains(picture.orientation) {
            let upright = UprightRGB(stored, width: Int(picture.width), height: Int(picture.height), orientation: Int(picture.orientation))
            reduction = upright.pixels.withUnsafeBufferPointer { reduced($0, width: upright.width, height: upright.height) }
        } else {
            reduction = reduced(stored, width: Int(picture.width), height: Int(picture.height))  // (upright as stored: not copied)
        }
        guard var bitmap = reduction else { return nil }
        if let icc = picture.icc {
            SRGBTransforms.shared.convert(&bitmap, from: UnsafeRawBufferPointer(start: icc, count: picture.icc_length))
        }
        return bitmap
    }

    /// The format and header of `data` when this path reads it, its tiles and declared pixels within `limits`.
    private static func checkedHeader(_ data: Data, limits: ImageLimits) throws(ImagingError) -> (ImageFormat, snapterm_direct_header)? {
        guard let format = ImageFormat(sniffing: data), formats.contains(format) else { return nil }
        return try data.withUnsafeBytes { raw in
            Result { () throws(ImagingError) -> (ImageFormat, snapterm_direct_header)? in
                try ImageProcessor.checkTiles(raw, as: format, limits: limits)
                var header = snapterm_direct_header()
                let bytes = raw.bindMemory(to: UInt8.self).baseAddress
                let result = format == .tiff ? snapterm_tiff_header(bytes, raw.count, &header) : snapterm_heif_header(bytes, raw.count, &header)
                guard result == Int32(SNAPTERM_DIRECT_OK.rawValue) else { return nil }
                // (as stored: the limit weighs the pixels decoded, whichever way they are turned)
                guard limits.allow(width: Int(header.width), height: Int(header.height)) else {
                    throw .tooManyPixels(width: Int(header.width), height: Int(header.height), limit: limits.maxPixels)
                }
                return (format, header)
            }
        }.get()
    }
}
