// UprightRGB: RGB pixels stored sideways or mirrored, turned upright by their orientation (EXIF / TIFF, 1–8).

/// Packed RGB pixels (3 bytes each) turned upright: orientation 1 is as stored, 2–4 mirror or turn it half way,
/// 5–8 swap its sides (TIFF 6.0's Orientation tag, EXIF's too).
struct UprightRGB {
    let width: Int, height: Int
    let pixels: [UInt8]

    /// `stored` (`width × height`, rows packed) turned upright by `orientation`; an unknown one is taken as 1.
    init(_ stored: UnsafeBufferPointer<UInt8>, width: Int, height: Int, orientation: Int) {
        let swaps = (5...8).contains(orientation)
        self.width = swaps ? height : width
        self.height = swaps ? width : height
        guard (2...8).contains(orientation) else {
            pixels = Array(stored.prefix(width * height * 3))
            return
        }
        let (outWidth, outHeight) = (self.width, self.height)
        pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
            for y in 0..<outHeight {
                for x in 0..<outWidth {
                    // the stored column and row shown at (x, y)
                    let (column, row): (Int, Int) = switch orientation {
                    case 2: (width - 1 - x, y)
                    case 3: (width - 1 - x, height - 1 - y)
                    case 4: (x, height - 1 - y)
                    case 5: (y, x)
                    case 6: (y, height - 1 - x)
                    case 7: (width - 1 - y, height - 1 - x)
                    default: (width - 1 - y, x)  // 8
                    }
                    let from = (row * width + column) * 3, to = (y * outWidth + x) * 3
                    out[to] = stored[from]
                    out[to + 1] = stored[from + 1]
                    out[to + 2] = stored[from + 2]
                }
            }
            count = width * height * 3
        }
    }
}
