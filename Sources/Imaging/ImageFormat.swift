// ImageFormat: the picture formats Imaging reads, and the ones it writes.

/// A format Imaging can decode.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    /// JPEG (JFIF or EXIF); decoded with shrink-on-load.
    case jpeg
    /// PNG, any bit depth, with or without alpha.
    case png
    /// GIF; the first frame is decoded, `ImageInfo.frameCount` counts them all.
    case gif
    /// WebP, lossy or lossless.
    case webp

    /// The MIME type, e.g. `image/jpeg`.
    public var mimeType: String { "image/\(rawValue)" }

    /// The format of a libvips loader class such as `VipsForeignLoadJpegBuffer`, or `nil`.
    init?(vipsLoader name: String) {
        let lower = name.lowercased()
        if lower.contains("jpeg") { self = .jpeg }
        else if lower.contains("png") { self = .png }
        else if lower.contains("gif") { self = .gif }
        else if lower.contains("webp") { self = .webp }
        else { return nil }
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
