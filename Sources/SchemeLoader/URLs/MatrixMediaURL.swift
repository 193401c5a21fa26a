// MatrixMediaURL: the typed parser and builder of `mxc://server/mediaId[?width=W&height=H]` — a Matrix
// picture, whole or as one of the thumbnail sizes servers make at upload. Pure: the loader's handler lives in
// the Matrix module; this type is here so that the thumbnail stage can size an `mxc://` source too.
import Foundation

/// A thumbnail size a Matrix homeserver makes when a picture is uploaded (Synapse's defaults): what a
/// request for another size snaps to, so that identical boxes share one cache entry and one request.
public struct MatrixThumbnailSize: Sendable, Hashable {
    /// How the server fits the picture into the size.
    public enum Method: String, Sendable, Hashable {
        /// Cut to exactly the size (the small square ones).
        case crop
        /// Fitted inside the size, its aspect kept.
        case scale
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Crop or scale.
    public let method: Method

    /// The sizes made at upload, smallest first: 32×32 and 96×96 cropped; 320×240, 640×480, 800×600 scaled.
    public static let premade: [MatrixThumbnailSize] = [
        MatrixThumbnailSize(width: 32, height: 32, method: .crop), MatrixThumbnailSize(width: 96, height: 96, method: .crop),
        MatrixThumbnailSize(width: 320, height: 240, method: .scale), MatrixThumbnailSize(width: 640, height: 480, method: .scale),
        MatrixThumbnailSize(width: 800, height: 600, method: .scale),
    ]

    /// The smallest pre-made size covering `width` × `height`; `nil` when none does (the whole file is needed).
    /// `scaledOnly` skips the cropped ones (a picture fitted into a box must keep all of itself).
    public static func covering(width: Int, height: Int, scaledOnly: Bool = false) -> MatrixThumbnailSize? {
        premade.first { $0.width >= width && $0.height >= height && (!scaledOnly || $0.method == .scale) }
    }
}

/// An `mxc://` URL as a value: which server's media, and which pre-made thumbnail of it (or the whole file).
///
/// Server names are `[A-Za-z0-9._:-]` (lower-cased in the key), media ids `[A-Za-z0-9_-]`, as the Matrix
/// specification allows; anything else — `..`, a further `/`, percent escapes, an empty part — is refused with
/// `LoadError.invalidParameter`. A thumbnail is asked with `width` and `height` (both, whole pixels) and snaps to
/// the smallest pre-made size covering that box; past 800×600 it is the whole file. The canonical form is
/// `mxc://server/id` or `mxc://server/id?width=W&height=H` with the snapped size.
public struct MatrixMediaURL: Sendable, Hashable {
    /// The URL scheme: `mxc`.
    public static let scheme = "mxc"
    /// The longest server name or media id accepted.
    public static let maxPartLength = 255
    /// The largest width or height a URL may ask for (boxes past 800×600 are the whole file anyway).
    public static let maxDimension = Int(Int32.max)
    static let parameterNames: Set<String> = ["width", "height"]

    /// The server that holds the media, lower-cased (`example.org`, `localhost:8008`).
    public let server: String
    /// The media id on that server.
    public let mediaID: String
    /// The pre-made thumbnail asked for, or `nil` for the whole file.
    public var thumbnail: MatrixThumbnailSize?

    /// The media `mediaID` of `server`, whole (`box` nil) or as the thumbnail covering `box`; validates both parts.
    public init(server: String, mediaID: String, box: (width: Int, height: Int)? = nil) throws {
        try Self.check(server: server)
        try Self.check(mediaID: mediaID)
        self.server = server.lowercased()
        self.mediaID = mediaID
        thumbnail = box.flatMap { MatrixThumbnailSize.covering(width: $0.width, height: $0.height) }
    }

    /// Parses an `mxc://` URL; throws `LoadError` naming the part that is wrong.
    public init(url: URL) throws {
        let text = url.absoluteString
        guard let separator = text.range(of: "://"), text[..<separator.lowerBound].lowercased() == Self.scheme else {
            throw LoadError.invalidParameter(name: "scheme", value: url.scheme ?? "", reason: "an mxc:// URL was expected")
        }
        let rest = text[separator.upperBound...]
        guard !rest.contains("#") else {
            throw LoadError.invalidParameter(name: "mxc", value: text, reason: "an mxc:// URL has no #fragment")
        }
        let path = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else {
            throw LoadError.invalidParameter(
                name: "mxc", value: text, reason: "an mxc:// URL is mxc://SERVER/MEDIA_ID: one server name, one / and one media id")
        }
        let query = try QueryParameters(url, allowed: Self.parameterNames)
        let width = try query.int("width", in: 1...Self.maxDimension)
        let height = try query.int("height", in: 1...Self.maxDimension)
        if (width == nil) != (height == nil) {
            throw LoadError.missingParameter(name: width == nil ? "width" : "height", url: text)
        }
        let box = width.flatMap { width in height.map { (width: width, height: $0) } }
        try self.init(server: parts[0], mediaID: parts[1], box: box)
    }

    /// The canonical URL: scheme and server lower-cased, the snapped thumbnail size (if any) as `width` and `height`.
    public var url: URL {
        var text = "\(Self.scheme)://\(server)/\(mediaID)"
        if let thumbnail { text += "?height=\(thumbnail.height)&width=\(thumbnail.width)" }
        // Every character was checked to be URL-safe: the URL always exists; the fallback keeps this total.
        return URL(string: text) ?? URL(fileURLWithPath: "/")
    }

    /// The same media as the scaled thumbnail that holds a picture fitted into `width` × `height` pixels, or
    /// the whole file when the box is larger than every pre-made size. The cropped sizes are never chosen: a
    /// picture fitted into a box keeps all of itself.
    public func fitting(width: Int, height: Int) -> MatrixMediaURL {
        var sized = self
        sized.thumbnail = MatrixThumbnailSize.covering(width: width, height: height, scaledOnly: true)
        return sized
    }

    private static let serverCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:-")
    private static let mediaIDCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")

    private static func check(server: String) throws {
        guard !server.isEmpty else { throw LoadError.invalidParameter(name: "server", value: server, reason: "the server name is empty") }
        guard server.count <= maxPartLength, server.allSatisfy(serverCharacters.contains) else {
            throw LoadError.invalidParameter(
                name: "server", value: server,
                reason: "a Matrix server name is at most \(maxPartLength) letters, digits and . _ : - (no percent escapes)")
        }
        guard !server.contains(".."), !server.hasPrefix("."), !server.hasPrefix(":") else {
            throw LoadError.invalidParameter(name: "server", value: server, reason: "a Matrix server name has no empty label (.. or a leading dot)")
        }
        let host = server.split(separator: ":", omittingEmptySubsequences: false)
        guard host.count <= 2, host.count == 1 || (1...5).contains(host[1].count) && host[1].allSatisfy(\.isASCIIDigit)
            && (Int(host[1]).map { (1...65535).contains($0) } ?? false) else {
            throw LoadError.invalidParameter(name: "server", value: server, reason: "a Matrix server name is a host with at most one :port (1–65535)")
        }
    }

    private static func check(mediaID: String) throws {
        guard !mediaID.isEmpty else { throw LoadError.invalidParameter(name: "media id", value: mediaID, reason: "the media id is empty") }
        guard mediaID.count <= maxPartLength, mediaID.allSatisfy(mediaIDCharacters.contains) else {
            throw LoadError.invalidParameter(
                name: "media id", value: mediaID,
                reason: "a Matrix media id is at most \(maxPartLength) letters, digits, _ and - (no dots, slashes or percent escapes)")
        }
    }
}
