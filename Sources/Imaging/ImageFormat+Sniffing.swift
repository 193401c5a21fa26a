// ImageFormat+Sniffing: which format a picture is, from its first bytes (magic numbers, ISO BMFF brands).
import Foundation

extension ImageFormat {
    /// The format `data` starts like, or `nil` for anything Imaging does not read. Only the content
    /// counts: a HEIC file named `.jpg` is HEIF. Nothing else is handed to libvips, so its other
    /// loaders (ImageMagick, PDF, SVG, FITS, MATLAB…) never see outside bytes.
    public init?(sniffing data: Data) {
        guard let format = data.withUnsafeBytes({ ImageFormat(sniffing: $0) }) else { return nil }
        self = format
    }

    /// The format the bytes in `raw` start like, or `nil`.
    init?(sniffing raw: UnsafeRawBufferPointer) {
        let bytes = Array(raw.prefix(64))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
        if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if starts(ascii("GIF87a")) || starts(ascii("GIF89a")) { self = .gif }
        else if starts(ascii("RIFF")) && starts(ascii("WEBP"), at: 8) { self = .webp }
        else if starts(ascii("II") + [0x2A, 0]) || starts(ascii("MM") + [0, 0x2A])
                    || starts(ascii("II") + [0x2B, 0]) || starts(ascii("MM") + [0, 0x2B]) { self = .tiff }
        else if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C] + ascii("JXL ") + [0x0D, 0x0A, 0x87, 0x0A]) { self = .jxl }
        else if starts(ascii("BM")), BMPHeader.dibSizes.contains(Self.littleEndian32(bytes, at: 14) ?? 0) { self = .bmp }
        else if starts(ascii("ftyp"), at: 4), let format = Self.heifFamily(brands: Self.brands(in: raw)) { self = format }
        else { return nil }
    }

    /// HEIF brands whose pictures are HEVC (HEIC) or generic HEIF stills and sequences.
    private static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1"]
    /// AVIF's brands: a still picture, a sequence.
    private static let avifBrands: Set<String> = ["avif", "avis"]

    /// AVIF or HEIF from an `ftyp` box's brands (major brand first), or `nil` for any other ISO file (MP4, 3GP…).
    private static func heifFamily(brands: [String]) -> ImageFormat? {
        guard let major = brands.first else { return nil }
        if avifBrands.contains(major) { return .avif }
        if heifBrands.contains(major) && major != "mif1" && major != "msf1" { return .heif }
        if brands.contains(where: avifBrands.contains) { return .avif }
        if brands.contains(where: heifBrands.contains) { return .heif }
        return nil
    }

    /// The major brand, then the compatible brands, of the `ftyp` box at the start of `raw` (at most 32).
    private static func brands(in raw: UnsafeRawBufferPointer) -> [String] {
        guard raw.count >= 16, let size = bigEndian32(Array(raw.prefix(4)), at: 0), size >= 16 else { return [] }
        let end = min(Int(size), raw.count, 8 + 4 * 34)
        return stride(from: 8, to: end - 3, by: 4).filter { $0 != 12 } // 12…15 is the minor version
            .map { String(decoding: raw[$0..<$0 + 4], as: UTF8.self) }
    }

    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        guard bytes.count >= offset + 4 else { return nil }
        return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func littleEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32? {
        guard bytes.count >= offset + 4 else { return nil }
        return bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
