// BMPHeader: a Windows BMP's file and DIB headers, read and checked before any pixel is touched.
import Foundation

/// The facts of a BMP header that decoding needs. libvips reads BMP only through ImageMagick (blocked
/// as untrusted), so Imaging parses it itself: the format is small and every field is checked here.
struct BMPHeader: Equatable {
    /// The DIB header sizes Imaging reads: OS/2 core (12), Windows INFO (40), V2 (52), V3 (56), V4 (108), V5 (124).
    static let dibSizes: Set<UInt32> = [12, 40, 52, 56, 108, 124]

    /// Channel masks for 16- and 32-bit pixels.
    struct Masks: Equatable {
        var red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32
    }

    let width: Int
    /// Rows as stored; the picture is upright when `topDown`, else stored bottom row first.
    let height: Int
    let topDown: Bool
    let bitsPerPixel: Int
    /// Offset of the first pixel row from the start of the file.
    let pixelOffset: Int
    /// Bytes per stored row (padded to 4).
    let rowBytes: Int
    /// BGR(A) palette entries for 1, 4 and 8 bits per pixel, as RGBA.
    let palette: [RGBA]
    /// Channel masks for 16 and 32 bits per pixel; `nil` otherwise.
    let masks: Masks?

    /// Whether any pixel can be less than opaque.
    var hasAlpha: Bool { (masks?.alpha ?? 0) != 0 }

    /// Parses and checks the header of `raw` (which starts with "BM"); refuses pictures over `maxPixels`
    /// before anything is allocated.
    init(_ raw: UnsafeRawBufferPointer, maxPixels: Int) throws(ImagingError) {
        func u16(_ offset: Int) throws(ImagingError) -> Int {
            guard offset + 2 <= raw.count else { throw Self.damaged("the header is cut short") }
            return Int(raw[offset]) | Int(raw[offset + 1]) << 8
        }
        func u32(_ offset: Int) throws(ImagingError) -> UInt32 {
            guard offset + 4 <= raw.count else { throw Self.damaged("the header is cut short") }
            return (0..<4).reduce(0) { $0 | UInt32(raw[offset + $1]) << (8 * $1) }
        }
        let dibSize = try u32(14)
        guard Self.dibSizes.contains(dibSize) else { throw Self.damaged("unknown DIB header size \(dibSize)") }
        let core = dibSize == 12
        let storedWidth = core ? try u16(18) : Int(Int32(bitPattern: try u32(18)))
        let storedHeight = core ? try u16(20) : Int(Int32(bitPattern: try u32(22)))
        bitsPerPixel = core ? try u16(24) : try u16(28)
        let compression = core ? 0 : try u32(30)
        guard storedWidth > 0, storedHeight != 0, storedHeight != Int(Int32.min) else {
            throw Self.damaged("the header declares \(storedWidth)×\(storedHeight) pixels")
        }
        width = storedWidth
        height = abs(storedHeight)
        topDown = storedHeight < 0
        guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels else {
            throw .tooManyPixels(width: width, height: height, limit: maxPixels)
        }
        guard [1, 4, 8, 16, 24, 32].contains(bitsPerPixel) else { throw Self.damaged("\(bitsPerPixel) bits per pixel") }
        switch compression {
        case 0: masks = Self.defaultMasks(bitsPerPixel: bitsPerPixel)
        case 3, 6:
            guard bitsPerPixel == 16 || bitsPerPixel == 32 else { throw Self.damaged("bit fields with \(bitsPerPixel) bits per pixel") }
            // Masks follow a 40-byte header, or sit inside a V2…V5 one: the same offsets either way.
            let alpha = compression == 6 || dibSize >= 56 ? try u32(14 + 52) : 0
            masks = Masks(red: try u32(14 + 40), green: try u32(14 + 44), blue: try u32(14 + 48), alpha: alpha)
        case 1, 2: throw .unsupportedVariant(format: .bmp, reason: "run-length encoded (RLE\(compression == 1 ? 8 : 4)) BMP is not read")
        default: throw .unsupportedVariant(format: .bmp, reason: "compression \(compression) (embedded JPEG or PNG) is not read")
        }
        rowBytes = (width * bitsPerPixel + 31) / 32 * 4
        pixelOffset = Int(try u32(10))
        palette = bitsPerPixel <= 8
            ? try Self.palette(raw, at: 14 + Int(dibSize) + (compression == 3 && dibSize == 40 ? 12 : 0),
                               entryBytes: core ? 3 : 4, count: core ? 0 : Int(try u32(46)), bitsPerPixel: bitsPerPixel)
            : []
        guard pixelOffset >= 14 + Int(dibSize), pixelOffset <= raw.count,
              raw.count - pixelOffset >= rowBytes * height else {
            throw Self.damaged("the pixel rows are cut short (\(raw.count) bytes for \(width)×\(height) at \(bitsPerPixel) bits)")
        }
    }

    /// The palette: `count` entries (0 means all 2^bits), each B, G, R (and a reserved byte).
    private static func palette(
        _ raw: UnsafeRawBufferPointer, at offset: Int, entryBytes: Int, count: Int, bitsPerPixel: Int
    ) throws(ImagingError) -> [RGBA] {
        let entries = count == 0 ? 1 << bitsPerPixel : min(count, 1 << bitsPerPixel)
        guard offset + entries * entryBytes <= raw.count else { throw damaged("the palette is cut short") }
        return (0..<entries).map { index in
            let base = offset + index * entryBytes
            return RGBA(red: raw[base + 2], green: raw[base + 1], blue: raw[base])
        }
    }

    /// Uncompressed 16-bit pixels are 5-5-5; 32-bit ones are B, G, R and an unused byte.
    private static func defaultMasks(bitsPerPixel: Int) -> Masks? {
        switch bitsPerPixel {
        case 16: Masks(red: 0x7C00, green: 0x03E0, blue: 0x001F, alpha: 0)
        case 32: Masks(red: 0x00FF_0000, green: 0x0000_FF00, blue: 0x0000_00FF, alpha: 0)
        default: nil
        }
    }

    static func damaged(_ reason: String) -> ImagingError { .corrupt(format: .bmp, reason: reason) }
}
