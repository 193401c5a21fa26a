// ImageFormat: the picture formats Imaging reads, and the ones it writes.

/// A format Imaging can decode, recognised by its content (`init?(sniffing:)`), never by a file name.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// JPEG (JFIF or EXIF); decoded with shrink-on-load.
    case jpeg
    /// PNG, any bit depth, with or without alpha.
    case png
    /// GIF; the first frame is decoded, `ImageInfo.frameCount` counts them all.
    case gif
    /// WebP, lossy or lossless.
    case webp
    /// HEIF with HEVC pictures (iPhone HEIC); libvips' `heifload` (libheif).
    case heif
    /// AVIF: HEIF with AV1 pictures; libvips' `heifload` (libheif with its AV1 decoder).
    case avif
    /// JPEG XL, bare codestream or ISO container; libvips' `jxlload` (libjxl) when libvips trusts it.
    case jxl
    /// TIFF or BigTIFF; the first page; libvips' `tiffload` (libtiff).
    case tiff
    /// Windows BMP (uncompressed or bit fields, 1–32 bits per pixel); read by Imaging's own `BMPDecoder`.
    case bmp

    /// The MIME type, e.g. `image/jpeg`.
    public var mimeType: String { "image/\(rawValue)" }

    /// The name people know the format by, e.g. `JPEG XL`.
    public var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .gif: "GIF"
        case .webp: "WebP"
        case .heif: "HEIC"
        case .avif: "AVIF"
        case .jxl: "JPEG XL"
        case .tiff: "TIFF"
        case .bmp: "BMP"
        }
    }

    /// The file-name extensions (lower case) folders list as this format. Listing goes by name — no file
    /// is opened —, decoding by content.
    public var fileExtensions: [String] {
        switch self {
        case .jpeg: ["jpg", "jpeg"]
        case .png: ["png"]
        case .gif: ["gif"]
        case .webp: ["webp"]
        case .heif: ["heic", "heif"]
        case .avif: ["avif"]
        case .jxl: ["jxl"]
        case .tiff: ["tif", "tiff"]
        case .bmp: ["bmp"]
        }
    }

    /// Every format's extensions: what a folder of pictures lists.
    public static let pictureFileExtensions = Set(allCases.flatMap(\.fileExtensions))

    /// Every format's name in one phrase, for messages: "JPEG, PNG, …, TIFF or BMP".
    public static var namesPhrase: String {
        let names = allCases.map(\.name)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

/// A format Imaging can encode a bitmap into.
public enum EncodedFormat: Sendable, Hashable {
    /// Lossless PNG (keeps alpha).
    case png
    /// JPEG at `quality` 1…100 (alpha is flattened onto white).
    case jpeg(quality: Int)

    /// The MIME type, e.g. `image/png`.
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        }
    }
}
