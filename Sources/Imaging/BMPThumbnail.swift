// BMPThumbnail: an opaque BMP scaled into a box by Imaging alone — BMPDecoder, then LanczosReduction — so
// libvips never starts for it (its start-up was two thirds of a BMP's cold `render`).
import Foundation

/// A BMP thumbnail without libvips: the header checked against the limits, the rows decoded, the picture
/// shrunk with a Lanczos-3 filter as libvips' thumbnail does. A BMP with alpha, or one smaller than the box
/// (an enlargement), is left to libvips (`nil`).
enum BMPThumbnail {
    /// `data` scaled into `width × height` (`mode`), or `nil` when it is no BMP this path takes. Throws the
    /// header's typed error for a damaged or oversized BMP, as the libvips path would.
    static func thumbnail(_ data: Data, width: Int, height: Int, mode: ThumbnailMode, limits: ImageLimits) throws(ImagingError) -> Bitmap? {
        guard ImageFormat(sniffing: data) == .bmp else { return nil }
        return try data.withUnsafeBytes { raw in
            Result { () throws(ImagingError) -> Bitmap? in
                let header = try BMPHeader(raw, maxPixels: limits.maxPixels)
                guard !header.hasAlpha,
                      let box = mode.scaledSize(width: header.width, height: header.height, into: (width, height)) else { return nil }
                let rgb = rgbRows(of: BMPDecoder.decode(raw, header: header))
                return rgb.withUnsafeBufferPointer { rgb in
                    LanczosReduction.filled(rgb: rgb, width: header.width, height: header.height, toWidth: box.width, height: box.height)
                }
            }
        }.get()
    }

    /// The RGB bytes of an opaque RGBA bitmap.
    private static func rgbRows(of bitmap: Bitmap) -> [UInt8] {
        var rgb = [UInt8](repeating: 0, count: bitmap.width * bitmap.height * 3)
        bitmap.pixels.withUnsafeBufferPointer { rgba in
            rgb.withUnsafeMutableBufferPointer { rgb in
                for pixel in 0..<bitmap.width * bitmap.height {
                    rgb[pixel * 3] = rgba[pixel * 4]
                    rgb[pixel * 3 + 1] = rgba[pixel * 4 + 1]
                    rgb[pixel * 3 + 2] = rgba[pixel * 4 + 2]
                }
            }
        }
        return rgb
    }
}
