// ImagingError: every way decoding, editing or encoding a picture can fail, each naming its cause.

/// Why Imaging refused or failed.
public enum ImagingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input has no bytes.
    case emptyInput
    /// The bytes are not a picture in a format Imaging reads; `signature` is the first bytes in hex.
    case unsupportedFormat(signature: String)
    /// The header declares more pixels than the limit: refused before decoding.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The JPEG has more scans than the limit (a progressive file's decoding cost grows with its scans):
    /// refused before decoding.
    case tooManyScans(count: Int, limit: Int)
    /// The picture is cut into more tiles (a HEIF grid's images, a TIFF's tiles) than its size justifies: a
    /// crafted file whose decoding cost grows with its tile count. Refused before decoding.
    case tooManyTiles(format: ImageFormat, count: Int, width: Int, height: Int, limit: Int)
    /// The animation has more frames than the limit: refused before decoding.
    case tooManyFrames(count: Int, limit: Int)
    /// The animation's frames together are over a limit (`reason` says which): refused before decoding.
    case animationTooLarge(frames: Int, width: Int, height: Int, reason: String)
    /// The picture is damaged or truncated; `reason` is libvips' message.
    case corrupt(format: ImageFormat, reason: String)
    /// A variant of a format Imaging reads that it does not decode (a run-length encoded BMP).
    case unsupportedVariant(format: ImageFormat, reason: String)
    /// The format is one Imaging reads, but this libvips has no loader for it that may see outside bytes
    /// (its module is missing, or libvips marks that loader untrusted).
    case loaderUnavailable(format: ImageFormat, reason: String)
    /// A requested size is out of range (zero, negative or absurd).
    case invalidSize(name: String, value: Int, reason: String)
    /// A crop rectangle is not inside 0…1 or is empty.
    case invalidCrop(x: Double, y: Double, width: Double, height: Double)
    /// A rotation that is not 0, 90, 180 or 270 degrees.
    case invalidRotation(degrees: Int)
    /// Encoding failed (bad quality, or libvips' message).
    case encodingFailed(format: String, reason: String)
    /// libvips failed at an operation on valid input (out of memory, internal error).
    case processingFailed(operation: String, reason: String)
    /// libvips could not start.
    case libraryUnavailable(reason: String)

    /// A one-line message naming the cause, for a user.
    public var description: String {
        switch self {
        case .emptyInput: "the picture is empty (0 bytes)"
        case .unsupportedFormat(let signature): "not a \(ImageFormat.namesPhrase) picture (starts with \(signature))"
        case .tooManyPixels(let width, let height, let limit):
            "the picture declares \(width)×\(height) pixels, more than the \(limit)-pixel limit: refused before decoding"
        case .tooManyScans(let count, let limit):
            "the JPEG has \(count) scans, more than the \(limit)-scan limit (a crafted progressive file): refused before decoding"
        case .tooManyTiles(let format, let count, let width, let height, let limit):
            "the \(format.name) picture of \(width)×\(height) pixels is cut into \(count) tiles, more than the \(limit) "
                + "its size allows (a crafted file: tiles far smaller than cameras write): refused before decoding"
        case .tooManyFrames(let count, let limit):
            "the animation has \(count) frames, more than the \(limit)-frame limit: refused before decoding"
        case .animationTooLarge(let frames, let width, let height, let reason):
            "the animation's \(frames) frames of \(width)×\(height) pixels are too much: \(reason); refused before decoding"
        case .corrupt(let format, let reason): "the \(format.name) picture is damaged: \(reason)"
        case .unsupportedVariant(let format, let reason): "this \(format.name) picture cannot be read: \(reason)"
        case .loaderUnavailable(let format, let reason): "\(format.name) pictures cannot be read here: \(reason)"
        case .invalidSize(let name, let value, let reason): "invalid \(name) \(value): \(reason)"
        case .invalidCrop(let x, let y, let width, let height):
            "invalid crop \(x),\(y),\(width),\(height): need x,y,w,h in 0…1 with w,h > 0, x+w ≤ 1 and y+h ≤ 1"
        case .invalidRotation(let degrees): "invalid rotation \(degrees)°: must be 0, 90, 180 or 270"
        case .encodingFailed(let format, let reason): "cannot encode \(format): \(reason)"
        case .processingFailed(let operation, let reason): "image operation \(operation) failed: \(reason)"
        case .libraryUnavailable(let reason): "libvips cannot start: \(reason)"
        }
    }
}
