// EncryptedMediaURL: `emxc://server/mediaId` — the URL a screen holds for an encrypted attachment. It names the
// ciphertext only; the key stays in memory (EncryptedMediaKeys), so no URL, cache key or stored message carries it.
import Foundation
import SchemeLoader

/// An encrypted attachment's URL: the `mxc://` media of its ciphertext under the scheme `emxc`, whose loads are
/// decrypted. Always the whole file (the server cannot make thumbnails of what it cannot read): no size may be asked.
public struct EncryptedMediaURL: Sendable, Hashable {
    /// The URL scheme: `emxc`.
    public static let scheme = "emxc"
    /// The ciphertext's media (never a thumbnail size).
    public let media: MatrixMediaURL

    /// The encrypted attachment whose ciphertext is `media` (any thumbnail size is dropped).
    public init(media: MatrixMediaURL) {
        var whole = media
        whole.thumbnail = nil
        self.media = whole
    }

    /// Parses `emxc://server/id`; throws `LoadError` naming the part that is wrong, or a size that was asked.
    public init(url: URL) throws {
        let text = url.absoluteString
        guard let separator = text.range(of: "://"), text[..<separator.lowerBound].lowercased() == Self.scheme else {
            throw LoadError.invalidParameter(name: "scheme", value: url.scheme ?? "", reason: "an emxc:// URL was expected")
        }
        let media = try MatrixMediaURL(url: URL(string: MatrixMediaURL.scheme + text[separator.lowerBound...]) ?? url)
        guard media.thumbnail == nil else {
            throw LoadError.invalidParameter(name: "query", value: url.query ?? "",
                                             reason: "an encrypted attachment has no server thumbnails: ask for the whole file")
        }
        self.media = media
    }

    /// The canonical URL: `emxc://server/id`, the server lower-cased.
    public var url: URL {
        URL(string: Self.scheme + media.url.absoluteString.dropFirst(MatrixMediaURL.scheme.count)) ?? media.url
    }
}
