// MatrixMedia: a message's picture or file as the store keeps it — URLs and the sizes the sender claims,
// already checked against MatrixMediaLimits.
import Foundation

/// An `m.image`'s or `m.file`'s media.
public struct MatrixMedia: Sendable, Hashable {
    /// The `mxc://` URL of a plain upload (nil for an encrypted attachment).
    public var url: String?
    /// Width and height in pixels, within `MatrixMediaLimits`.
    public var width: Int?, height: Int?
    /// `image/png` …
    public var mimetype: String?
    /// Bytes, within `MatrixMediaLimits`.
    public var size: Int64?
    /// A smaller picture's `mxc://` URL.
    public var thumbnailURL: String?
    /// The BlurHash string (`xyz.amorgan.blurhash`), as sent.
    public var blurhash: String?
    /// An encrypted attachment's `file` object as JSON text (url, key, iv, hashes), for the decryption stage.
    public var encryptedFile: String?
    /// The file's name.
    public var fileName: String?

    /// Media; `width`, `height` and `size` outside `MatrixMediaLimits` are dropped (unknown), never trusted.
    public init(url: String? = nil, width: Int64? = nil, height: Int64? = nil, mimetype: String? = nil, size: Int64? = nil,
                thumbnailURL: String? = nil, blurhash: String? = nil, encryptedFile: String? = nil, fileName: String? = nil) {
        self.url = url
        self.width = width.flatMap(MatrixMediaLimits.dimension)
        self.height = height.flatMap(MatrixMediaLimits.dimension)
        self.mimetype = mimetype
        self.size = size.flatMap(MatrixMediaLimits.byteCount)
        self.thumbnailURL = thumbnailURL
        self.blurhash = blurhash.flatMap(MatrixMediaLimits.blurhash)
        self.encryptedFile = encryptedFile
        self.fileName = fileName
    }
}

/// What a sender may claim of its media: anything beyond is dropped as unknown.
public enum MatrixMediaLimits {
    /// The widest or tallest picture believed: 65,535 pixels (JPEG's and WebP's own limit).
    public static let maximumDimension: Int64 = 65_535
    /// The largest file size believed: 1 TiB (a 10 GB file is plausible, 10^15 bytes is not).
    public static let maximumBytes: Int64 = 1 << 40
    /// The largest picture file believed: 2 GiB (no picture that size is ever decoded; a claimed 10 GB is dropped).
    public static let maximumPictureBytes: Int64 = 1 << 31
    /// The longest BlurHash kept: 9 × 9 components take 2 + 4 + 80 × 2 = 166 characters.
    public static let maximumBlurhashLength = 166

    /// `value` when it is 1…`maximumDimension`.
    public static func dimension(_ value: Int64) -> Int? {
        (1...maximumDimension).contains(value) ? Int(value) : nil
    }

    /// `value` when it is 0…`maximumBytes`.
    public static func byteCount(_ value: Int64) -> Int64? {
        (0...maximumBytes).contains(value) ? value : nil
    }

    /// `text` when it is a plausible BlurHash: 6…166 characters of its base-83 alphabet.
    public static func blurhash(_ text: String) -> String? {
        let alphabet = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")
        guard (6...maximumBlurhashLength).contains(text.count), text.allSatisfy(alphabet.contains) else { return nil }
        return text
    }
}
