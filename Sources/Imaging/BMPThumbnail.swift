// BMPThumbnail: an opaque BMP scaled into a box by Imaging alone — its rows averaged down as they are read
// (box_shrinker), then LanczosReduction — so libvips never starts for it (its start-up was two thirds of a BMP's
// cold `render`), and a large BMP is never held whole as RGBA (a 12 MP one was 48 MB, then a Lanczos pass over
// every pixel: issue 35).
import CDirectDecoders
import Foundation

/// A BMP thumbnail without libvips: the header checked against the limits, the rows decoded and averaged down to
/// about three times the box (a large picture in bands of rows on `DecodeThreads.count` threads), then shrunk with a
/// Lanczos-3 filter. A BMP with alpha, or one smaller than the box (an enlargement), is left to libvips (`nil`).
enum BMPThumbnail {
    /// `data` scaled into `width × height` (`mode`), or `nil` when it is no BMP this path takes. Throws the
    /// header's typed error for a damaged or oversized BMP, as the libvips path would. The pixels are the same
    /// for any number of `threads`.
    static func thumbnail(
        _ data: Data, width: Int, height: Int, mode: ThumbnailMode, limits: ImageLimits, threads: Int = DecodeThreads.count
    ) throws(ImagingError) -> Bitmap? {
        guard ImageFormat(sniffing: data) == .bmp else { return nil }
        return try data.withUnsafeBytes { raw in
            Result { () throws(ImagingError) -> Bitmap? in
                let header = try BMPHeader(raw, maxPixels: limits.maxPixels)
                guard !header.hasAlpha,
                      let box = mode.scaledSize(width: header.width, height: header.height, into: (width, height)) else { return nil }
                let covering = mode.coveringSize(width: header.width, height: header.height, target: box)
                return reduced(raw, header: header, to: box, covering: covering, threads: threads)
            }
        }.get()
    }

    /// The picture's upright RGB rows averaged down by a whole factor for `covering` (in bands of rows on up to
    /// `threads` threads), then reduced to `box`. A 24-bit BMP's stored B, G, R rows go to the shrinker as they are
    /// (its channels are independent) and only the averaged pixels are turned to R, G, B; other depths are decoded a
    /// row at a time.
    private static func reduced(
        _ raw: UnsafeRawBufferPointer, header: BMPHeader, to box: (width: Int, height: Int), covering: (width: Int, height: Int), threads: Int
    ) -> Bitmap? {
        var shrinker = box_shrinker()
        // ⌊the smaller shrink / 3⌋, where libvips' resize takes ⌊/ 2⌋ (box_shrinker_factor): Lanczos is left at least 3×,
        // so the picture keeps the sharpness of the Lanczos pass over every pixel this path made before (36.0 dB
        // through the sixel quality tool on a 1280×800 photo, not 35.7; 36.1 at 12 MP, not 35.9)
        let factor = Int32(max(1, min(header.width / covering.width, header.height / covering.height) / 3))
        guard box_shrinker_start(&shrinker, Int32(header.width), Int32(header.height), factor) == 1 else { return nil }
        var rows = StoredRows(raw: raw, header: header)
        let filled = withUnsafeMutablePointer(to: &rows) { rows in
            box_shrinker_fill(&shrinker, Int32(threads), 1, { rows, _, band in
                rows!.assumingMemoryBound(to: StoredRows.self).pointee.add(to: band!)
                return 1
            }, rows)
        }
        guard filled == 1 else {
            box_shrinker_abandon(&shrinker)
            return nil
        }
        guard let pixels = box_shrinker_finish(&shrinker) else { return nil }
        defer { free(pixels) }
        let count = Int(shrinker.out_width) * Int(shrinker.out_height) * 3
        if rows.areBGR {
            let averaged = UnsafeMutableBufferPointer(start: pixels, count: count)
            for pixel in stride(from: 0, to: count, by: 3) { averaged.swapAt(pixel, pixel + 2) }
        }
        return LanczosReduction.filled(rgb: UnsafeBufferPointer(start: pixels, count: count), width: Int(shrinker.out_width),
                                       height: Int(shrinker.out_height), toWidth: box.width, height: box.height, covering: covering,
                                       extent: (Double(header.width) / Double(factor), Double(header.height) / Double(factor)))
    }

    /// The BMP's rows as a band of the shrinker takes them.
    private struct StoredRows {
        let raw: UnsafeRawBufferPointer, header: BMPHeader

        /// Whether the rows go to the shrinker as stored, B, G, R (24 bits a pixel).
        var areBGR: Bool { header.bitsPerPixel == 24 }

        /// Adds the upright rows `band.row ..< band.end_row`.
        func add(to band: UnsafeMutablePointer<box_shrinker>) {
            let rows = Int(band.pointee.row)..<Int(band.pointee.end_row)
            guard !areBGR else {
                for y in rows {
                    box_shrinker_add(band, BMPDecoder.storedRow(raw, header: header, upright: y).assumingMemoryBound(to: UInt8.self).baseAddress)
                }
                return
            }
            var rgb = [UInt8](repeating: 0, count: header.width * 3)
            rgb.withUnsafeMutableBufferPointer { rgb in
                for y in rows {
                    BMPDecoder.decodeRGB(raw, header: header, row: y, into: rgb)
                    box_shrinker_add(band, rgb.baseAddress)
                }
            }
        }
    }
}
