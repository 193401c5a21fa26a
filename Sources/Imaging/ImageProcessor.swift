// ImageProcessor: bytes in, pixels out (and back) — decode, thumbnail and encode on libvips.
import CVips
import Foundation

/// Decodes, thumbnails and encodes pictures. A value with no state but its limits; every call is
/// independent and safe from any thread. Headers are checked against `limits` before decoding.
public struct ImageProcessor: Sendable {
    /// The largest width or height Imaging produces.
    public static let maxDimension = 16_384
    /// The limits applied to every input.
    public let limits: ImageLimits

    /// Creates a processor with `limits`.
    public init(limits: ImageLimits = ImageLimits()) {
        self.limits = limits
    }

    /// Reads the header only: size as displayed (after EXIF orientation), format, frames, orientation.
    public func info(of data: Data) throws(ImagingError) -> ImageInfo {
        if let header = DirectJPEG.header(of: data, limits: limits) {
            return ImageInfo(width: header.width, height: header.height, format: .jpeg, frameCount: 1,
                             orientation: header.orientation, hasAlpha: false)
        }
        if let info = try bmpInfo(of: data) { return info }
        if let info = try HEIFTIFFThumbnail.info(of: data, limits: limits) { return info }
        return try VipsErrorGate.shared.run { () throws(ImagingError) in try header(of: data) }
    }

    /// `info(of:)` without the gate, for calls already inside it.
    func header(of data: Data) throws(ImagingError) -> ImageInfo {
        if let info = try bmpInfo(of: data) { return info }
        return try withHeader(data, decoding: .header) { image, format, _ throws(ImagingError) in
            let orientation = Int(vips_image_get_orientation(image.pointer))
            let swap = vips_image_get_orientation_swap(image.pointer) != 0
            return ImageInfo(
                width: swap ? image.height : image.width, height: swap ? image.width : image.height, format: format,
                frameCount: max(1, Int(vips_image_get_n_pages(image.pointer))),
                orientation: (1...8).contains(orientation) ? orientation : 1, hasAlpha: image.hasAlpha)
        }
    }

    /// A BMP's header facts, read by Imaging (libvips has no BMP reader); `nil` for other formats.
    private func bmpInfo(of data: Data) throws(ImagingError) -> ImageInfo? {
        guard ImageFormat(sniffing: data) == .bmp else { return nil }
        return try data.withUnsafeBytes { raw in
            Result { () throws(ImagingError) in try BMPHeader(raw, maxPixels: limits.maxPixels).info }
        }.get()
    }

    /// Decodes the first frame, upright (EXIF orientation applied), in sRGB (an embedded profile applied), as RGBA.
    public func decode(_ data: Data) throws(ImagingError) -> Bitmap {
        try VipsErrorGate.shared.run { () throws(ImagingError) in
            try withHeader(data, decoding: .whole) { image, format, raw throws(ImagingError) in
                try Self.decoding(format, raw) { () throws(ImagingError) in
                    try Self.bitmap(from: Self.inSRGB(image).apply("autorot") { snap_vips_autorot($0, $1) })
                }
            }
        }
    }

    /// Scales the upright first frame into `width × height` (`fit` inside or `fill` and centre-crop),
    /// in sRGB, decoding at a reduced size where the format allows it (JPEG shrink-on-load). A JPEG
    /// filled into a smaller box — EXIF-turned or with an ICC profile too — is done with libjpeg alone
    /// (`DirectJPEG`), an opaque BMP made smaller by Imaging alone (`BMPThumbnail`), and an opaque HEIC, AVIF or
    /// TIFF by libheif or libtiff alone (`HEIFTIFFThumbnail`), without opening libvips.
    public func thumbnail(_ data: Data, width: Int, height: Int, mode: ThumbnailMode) throws(ImagingError) -> Bitmap {
        try checkBox(width: width, height: height)
        if mode == .fill, let bitmap = DirectJPEG.filledThumbnail(data, width: width, height: height, limits: limits) {
            return bitmap
        }
        if let bitmap = try BMPThumbnail.thumbnail(data, width: width, height: height, mode: mode, limits: limits) {
            return bitmap
        }
        if let bitmap = try HEIFTIFFThumbnail.thumbnail(data, width: width, height: height, mode: mode, limits: limits) {
            return bitmap
        }
        return try VipsErrorGate.shared.run { () throws(ImagingError) in try shrunk(data, width: width, height: height, mode: mode) }
    }

    /// libvips' thumbnail: what `thumbnail` does for everything `DirectJPEG` leaves to it.
    func shrunk(_ data: Data, width: Int, height: Int, mode: ThumbnailMode) throws(ImagingError) -> Bitmap {
        try withHeader(data, decoding: .thumbnail(width: width, height: height, crop: mode == .fill)) { image, format, raw throws(ImagingError) in
            try Self.decoding(format, raw) { () throws(ImagingError) in
                try Self.bitmap(from: Self.shrink(image, format, raw, width: width, height: height, crop: mode == .fill))
            }
        }
    }

    /// Encodes `bitmap` as PNG (alpha kept) or JPEG (alpha flattened onto white).
    public func encode(_ bitmap: Bitmap, as format: EncodedFormat) throws(ImagingError) -> Data {
        if case .jpeg(let quality) = format, !(1...100).contains(quality) {
            throw .encodingFailed(format: "JPEG", reason: "quality \(quality) is not in 1…100")
        }
        return try VipsErrorGate.shared.run { () throws(ImagingError) in try Self.encoded(bitmap, as: format) }
    }

    private static func encoded(_ bitmap: Bitmap, as format: EncodedFormat) throws(ImagingError) -> Data {
        try Vips.start()
        return try withImage(of: bitmap) { image throws(ImagingError) in
            var buffer: UnsafeMutableRawPointer?
            var length = 0
            let status: Int32
            switch format {
            case .png:
                status = snap_vips_pngsave_buffer(image.pointer, &buffer, &length)
            case .jpeg(let quality):
                let rgb = bitmap.isOpaque
                    ? try image.apply("extract_band") { snap_vips_extract_band($0, $1, 0, 3) }
                    : try image.apply("flatten") { snap_vips_flatten_white($0, $1) }
                        .apply("cast") { snap_vips_cast_uchar($0, $1) }
                status = snap_vips_jpegsave_buffer(rgb.pointer, &buffer, &length, Int32(quality))
            }
            guard status == 0, let buffer else {
                throw .encodingFailed(format: format.mimeType, reason: Vips.takeError())
            }
            defer { g_free(buffer) }
            return Data(bytes: buffer, count: length)
        }
    }

    // MARK: - Shared steps

    /// Checks a requested box: each side in 1…maxDimension and the area within the pixel limit.
    func checkBox(width: Int, height: Int) throws(ImagingError) {
        for (name, value) in [("width", width), ("height", height)] where !(1...Self.maxDimension).contains(value) {
            throw .invalidSize(name: name, value: value, reason: "must be between 1 and \(Self.maxDimension)")
        }
        guard width * height <= limits.maxPixels else {
            throw .invalidSize(name: "width×height", value: width * height, reason: "more than the \(limits.maxPixels)-pixel limit")
        }
    }

    /// Opens `data` lazily (header only), refuses formats we do not read (by content, before libvips
    /// sees the bytes) and images over the limits when decoded as `size` says, then runs `body` while the
    /// bytes are pinned in memory.
    func withHeader<T>(
        _ data: Data, decoding size: DecodeSize, _ body: (VipsImageRef, ImageFormat, UnsafeRawBufferPointer) throws(ImagingError) -> T
    ) throws(ImagingError) -> T {
        try Vips.start()
        guard !data.isEmpty else { throw .emptyInput }
        let result: Result<T, ImagingError> = data.withUnsafeBytes { raw in
            Result { () throws(ImagingError) -> T in
                guard let format = ImageFormat(sniffing: raw) else {
                    throw .unsupportedFormat(signature: raw.prefix(8).map { String(format: "%02x", $0) }.joined(separator: " "))
                }
                try Self.checkTiles(raw, as: format, limits: limits)
                let image = try Self.open(raw, as: format, limits: limits)
                guard image.width > 0, image.height > 0 else {
                    throw .corrupt(format: format, reason: "the header declares an empty picture")
                }
                // a JPEG of several scans keeps every coefficient while it decodes: its declared size counts
                let multiScan = format == .jpeg && DirectJPEG.scanCount(raw) > 1
                let shrink = multiScan ? 1 : size.shrink(of: format, width: image.width, height: image.height,
                                                         swapsSides: vips_image_get_orientation_swap(image.pointer) != 0)
                guard limits.allow(width: image.width, height: image.height, shrink: shrink),
                      image.width <= Int(Int32.max), image.height <= Int(Int32.max) else {
                    // a JPEG shrunk on load is refused for what it declares, or for what it would decode to
                    let declaresTooMuch = shrink > 1 && !limits.allowDeclared(width: image.width, height: image.height)
                    throw .tooManyPixels(width: image.width, height: image.height,
                                         limit: declaresTooMuch ? limits.maxDeclaredPixels : limits.maxPixels)
                }
                if format == .jpeg { try DirectJPEG.checkScans(raw, limits: limits) }
                return try body(image, format, raw)
            }
        }
        return try result.get()
    }

    /// Runs `body` on the input `raw`; a libvips failure is blamed on the input only if the input
    /// itself does not decode (see `ImagingError.attributed(to:format:)`), else it stays a processing failure.
    static func decoding<T>(_ format: ImageFormat, _ raw: UnsafeRawBufferPointer, allFrames: Bool = false,
                            _ body: () throws(ImagingError) -> T) throws(ImagingError) -> T {
        do {
            return try body()
        } catch {
            throw error.attributed(to: raw, format: format, allFrames: allFrames)
        }
    }

    /// Wraps `bitmap`'s pixels as a libvips image (no copy) for the duration of `body`.
    static func withImage<T>(of bitmap: Bitmap, _ body: (VipsImageRef) throws(ImagingError) -> T) throws(ImagingError) -> T {
        let result: Result<T, ImagingError> = bitmap.pixels.withUnsafeBytes { raw in
            Result { () throws(ImagingError) -> T in
                guard let image = vips_image_new_from_memory(
                    raw.baseAddress, raw.count, Int32(bitmap.width), Int32(bitmap.height), 4, VIPS_FORMAT_UCHAR) else {
                    throw .processingFailed(operation: "new_from_memory", reason: Vips.takeError())
                }
                return try body(VipsImageRef(image))
            }
        }
        return try result.get()
    }

    /// Converts any decoded image to 8-bit sRGB with alpha and computes its pixels.
    static func bitmap(from source: VipsImageRef) throws(ImagingError) -> Bitmap {
        let image = try rgbaImage(from: source)
        guard let bitmap = Bitmap(width: image.width, height: image.height, pixels: try image.pixels()) else {
            throw .processingFailed(operation: "write_to_memory", reason: "unexpected pixel buffer size")
        }
        return bitmap
    }

    /// Any decoded image as 8-bit sRGB with exactly four bands, R G B A (still lazy).
    static func rgbaImage(from source: VipsImageRef) throws(ImagingError) -> VipsImageRef {
        var image = source
        if image.interpretation != VIPS_INTERPRETATION_sRGB, image.interpretation != VIPS_INTERPRETATION_MULTIBAND {
            image = try image.apply("colourspace") { snap_vips_colourspace_srgb($0, $1) }
        }
        if image.bandFormat != VIPS_FORMAT_UCHAR {
            image = try image.apply("cast") { snap_vips_cast_uchar($0, $1) }
        }
        return try rgba(image)
    }

    /// Makes exactly four bands, R G B A, from 1 (grey), 2 (grey + alpha), 3 (RGB) or more bands.
    private static func rgba(_ image: VipsImageRef) throws(ImagingError) -> VipsImageRef {
        switch image.bands {
        case 4: return image
        case 3: return try image.apply("bandjoin_const1") { snap_vips_bandjoin_const1($0, $1, 255) }
        case 1, 2:
            let grey = try image.apply("extract_band") { snap_vips_extract_band($0, $1, 0, 1) }
            let two = try grey.apply("bandjoin") { snap_vips_bandjoin2($0, grey.pointer, $1) }
            let rgb = try two.apply("bandjoin") { snap_vips_bandjoin2($0, grey.pointer, $1) }
            guard image.bands == 2 else { return try rgba(rgb) }
            let alpha = try image.apply("extract_band") { snap_vips_extract_band($0, $1, 1, 1) }
            return try rgb.apply("bandjoin") { snap_vips_bandjoin2($0, alpha.pointer, $1) }
        default: return try image.apply("extract_band") { snap_vips_extract_band($0, $1, 0, 4) }
        }
    }
}
