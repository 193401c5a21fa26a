// DirectJPEG: a JPEG thumbnailed with libjpeg alone — no libvips, so a process that only previews a
// photo never opens libvips and the ~100 libraries it brings (BENCHMARKS.md, issues 14 and 26).
import CJPEGDirect
import Foundation

/// Thumbnails JPEGs that libjpeg decodes by itself — camera and phone photos included: their EXIF
/// orientation is applied to the DCT-reduced pixels and their ICC profile converted to sRGB with lcms2
/// (`SRGBTransforms`), as libvips' thumbnail does. libjpeg decodes at the smallest DCT scale that still
/// covers the box (as libvips' shrink-on-load does), the pixels are turned upright, `LanczosReduction`
/// scales them down and crops the centre, then the profile is applied — libvips' order.
/// CMYK, a box larger than the picture, a profile over `maxProfileBytes`, any file libjpeg reads with a
/// warning, or with more scans than `ImageLimits.maxScans` — is left to libvips (`nil`), which refuses
/// the latter (`checkScans`) before decoding.
enum DirectJPEG {
    /// The largest ICC profile converted here (a phone's is under 4 KB, a camera's LUT profile under
    /// 1 MB); a larger one is left to libvips.
    static let maxProfileBytes = 1 << 20

    /// What the header of a JPEG libjpeg decodes by itself says.
    struct Header: Equatable {
        /// The size as displayed: after the EXIF orientation.
        var width: Int
        var height: Int
        /// The EXIF orientation, 1 (upright) … 8: 1 when there is none or it cannot be read.
        var orientation: Int
        /// Whether it has more than one scan (progressive, or components in scans of their own): libjpeg then
        /// keeps every DCT coefficient of the picture while it decodes, whatever size it decodes to.
        var isMultiScan = false

        /// The DCT shrink whose decoding the pixel limits weigh: `shrink`, or 1 for a multi-scan picture.
        func limitedShrink(_ shrink: Int) -> Int { isMultiScan ? 1 : shrink }
    }

    /// The header of `data` when libjpeg decodes it by itself and within `limits` at some size (1/8 a side), else `nil`.
    static func header(of data: Data, limits: ImageLimits) -> Header? {
        guard data.starts(with: [0xFF, 0xD8, 0xFF]) else { return nil }
        var picture = snapterm_jpeg_picture()
        let result = data.withUnsafeBytes { raw in
            snapterm_jpeg_header(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &picture)
        }
        let (width, height) = (Int(picture.width), Int(picture.height))
        let scans = data.withUnsafeBytes { scanCount($0) }
        guard result == Int32(SNAPTERM_JPEG_OK.rawValue), scans <= limits.maxScans,
              limits.allow(width: width, height: height, shrink: scans > 1 ? 1 : 8) else { return nil }
        let orientation = Int(picture.orientation)
        return orientation >= 5
            ? Header(width: height, height: width, orientation: orientation, isMultiScan: scans > 1)
            : Header(width: width, height: height, orientation: orientation, isMultiScan: scans > 1)
    }

    /// `data` scaled to cover `width × height` and centre-cropped to it (`ThumbnailMode.fill`), upright
    /// and in sRGB, or `nil` when libvips must do it (see the type's summary).
    static func filledThumbnail(_ data: Data, width: Int, height: Int, limits: ImageLimits) -> Bitmap? {
        guard let header = header(of: data, limits: limits), width <= header.width, height <= header.height else { return nil }
        let denominator = shrink(width: header.width, height: header.height, covering: width, height)
        guard limits.allow(width: header.width, height: header.height, shrink: header.limitedShrink(denominator)) else { return nil }
        var rgb: UnsafeMutablePointer<UInt8>?
        var picture = snapterm_jpeg_picture()
        let result = data.withUnsafeBytes { raw in
            snapterm_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int32(denominator),
                                 Int32(clamping: limits.maxScans), maxProfileBytes, &rgb, &picture)
        }
        defer {
            free(rgb)
            free(picture.icc)
        }
        guard result == Int32(SNAPTERM_JPEG_OK.rawValue), let rgb else { return nil }
        let decoded = UnsafeBufferPointer(start: rgb, count: Int(picture.width) * Int(picture.height) * 3)
        guard var bitmap = LanczosReduction.filled(rgb: decoded, width: Int(picture.width), height: Int(picture.height),
                                                   toWidth: width, height: height,
                                                   covering: libvipsCovering(width: header.width, height: header.height, box: (width, height)))
        else { return nil }
        if let icc = picture.icc {
            SRGBTransforms.shared.convert(&bitmap, from: UnsafeRawBufferPointer(start: icc, count: picture.icc_length))
        }
        return bitmap
    }

    /// Throws `.tooManyScans` when the JPEG `raw` has more scans than `limits` allow: its markers are
    /// counted (no decoding, one pass over the bytes), so libvips never starts on such a file.
    static func checkScans(_ raw: UnsafeRawBufferPointer, limits: ImageLimits) throws(ImagingError) {
        let scans = scanCount(raw)
        guard scans <= limits.maxScans else { throw .tooManyScans(count: scans, limit: limits.maxScans) }
    }

    /// The scans (SOS markers) of the JPEG `raw`, counted by walking its markers.
    static func scanCount(_ raw: UnsafeRawBufferPointer) -> Int {
        Int(snapterm_jpeg_scan_count(raw.bindMemory(to: UInt8.self).baseAddress, raw.count))
    }

    /// The size libvips' thumbnail (8.14, centre crop) scales a `width × height` picture to before cropping
    /// it to `box`: it shrinks on load by a power of two that leaves at least 2× for the resize, then scales
    /// by the smaller of the two shrinks, rounding `side / shrink` half up — so a box whose cover falls on
    /// a half pixel is cropped at the same place.
    static func libvipsCovering(width: Int, height: Int, box: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let onLoad = libvipsShrinkOnLoad(width: width, height: height, box: box, crop: true)
        let loaded = (width: Double((width + onLoad - 1) / onLoad), height: Double((height + onLoad - 1) / onLoad))
        let shrink = min(loaded.width / Double(box.width), loaded.height / Double(box.height))
        return (Int(loaded.width / shrink + 0.5), Int(loaded.height / shrink + 0.5))
    }

    /// The factor libvips' thumbnail (8.14) decodes a `width × height` JPEG at for `box`: a power of two that
    /// leaves at least 2× for the resize, of the smaller shrink when it fills the box (`crop`), else the larger.
    static func libvipsShrinkOnLoad(width: Int, height: Int, box: (width: Int, height: Int), crop: Bool) -> Int {
        let shrinks = (Double(width) / Double(max(1, box.width)), Double(height) / Double(max(1, box.height)))
        let common = crop ? min(shrinks.0, shrinks.1) : max(shrinks.0, shrinks.1)
        return common >= 16 ? 8 : common >= 8 ? 4 : common >= 4 ? 2 : 1
    }

    /// The largest DCT shrink (8, 4, 2 or 1) whose output, `⌈side / shrink⌉`, still covers the box
    /// scaled to the picture's aspect on both sides.
    static func shrink(width: Int, height: Int, covering boxWidth: Int, _ boxHeight: Int) -> Int {
        let scale = max(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
        let needed = (width: Double(width) * scale, height: Double(height) * scale)
        for shrink in [8, 4, 2] {
            let output = (width: Double((width + shrink - 1) / shrink), height: Double((height + shrink - 1) / shrink))
            if output.width >= needed.width, output.height >= needed.height { return shrink }
        }
        return 1
    }
}
