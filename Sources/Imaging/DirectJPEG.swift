// DirectJPEG: a plain JPEG thumbnailed with libjpeg alone — no libvips, so a process that only
// previews a photo never opens libvips and the ~100 libraries it brings (BENCHMARKS.md, issue 14).
import CJPEGDirect
import Foundation

/// Thumbnails JPEGs that need nothing but decoding and shrinking: no EXIF turn, no ICC profile,
/// no CMYK, and a box no larger than the picture. libjpeg decodes at the smallest DCT scale that
/// still covers the box (as libvips' shrink-on-load does), then `LanczosReduction` scales it down.
/// Anything else — and any file libjpeg reads with a warning, or with more scans than `ImageLimits.maxScans`
/// — is left to libvips (`nil`), which refuses the latter (`checkScans`) before decoding.
enum DirectJPEG {
    /// The size of `data` when it is a plain JPEG within `limits`, else `nil`.
    static func size(of data: Data, limits: ImageLimits) -> (width: Int, height: Int)? {
        guard data.starts(with: [0xFF, 0xD8, 0xFF]) else { return nil }
        var width: Int32 = 0, height: Int32 = 0
        let result = data.withUnsafeBytes { raw in
            snapterm_jpeg_header(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &width, &height)
        }
        guard result == Int32(SNAPTERM_JPEG_OK.rawValue), width > 0, height > 0,
              Int(width) * Int(height) <= limits.maxPixels,
              data.withUnsafeBytes({ scanCount($0) }) <= limits.maxScans else { return nil }
        return (Int(width), Int(height))
    }

    /// `data` scaled to cover `width × height` and centre-cropped to it (`ThumbnailMode.fill`), or
    /// `nil` when libvips must do it (not plain, or the box is larger than the picture).
    static func filledThumbnail(_ data: Data, width: Int, height: Int, limits: ImageLimits) -> Bitmap? {
        guard let size = size(of: data, limits: limits), width <= size.width, height <= size.height else { return nil }
        let denominator = shrink(width: size.width, height: size.height, covering: width, height)
        var rgb: UnsafeMutablePointer<UInt8>?
        var decodedWidth: Int32 = 0, decodedHeight: Int32 = 0
        let result = data.withUnsafeBytes { raw in
            snapterm_jpeg_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Int32(denominator),
                                 Int32(clamping: limits.maxScans), &rgb, &decodedWidth, &decodedHeight)
        }
        guard result == Int32(SNAPTERM_JPEG_OK.rawValue), let rgb else { return nil }
        defer { free(rgb) }
        let decoded = UnsafeBufferPointer(start: rgb, count: Int(decodedWidth) * Int(decodedHeight) * 3)
        return LanczosReduction.filled(rgb: decoded, width: Int(decodedWidth), height: Int(decodedHeight),
                                    toWidth: width, height: height)
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
