// EncryptedFile: an encrypted attachment's `content.file` as an event carries it — where the ciphertext is, and the
// key, counter and hash that open and check it (AES-256-CTR, version 2 of the Matrix attachment format).

/// The `file` object of an `m.image` (or `m.file`, `info.thumbnail_file`) sent as an encrypted attachment. Only read
/// here: ``EncryptedAttachment`` checks it. Its descriptions never show the key.
public struct EncryptedFile: Codable, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The JSON Web Key of the attachment; its descriptions never show `k`.
    public struct Key: Codable, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        /// `A256CTR`.
        public var alg: String?
        /// The 256-bit key, unpadded base64url.
        public var k: String
        /// `oct`.
        public var kty: String?
        /// `["encrypt", "decrypt"]`.
        public var keyOps: [String]?
        /// `true`.
        public var ext: Bool?

        enum CodingKeys: String, CodingKey {
            case alg, k, kty, ext
            case keyOps = "key_ops"
        }

        /// A key of the given fields.
        public init(alg: String? = "A256CTR", k: String, kty: String? = "oct", keyOps: [String]? = ["encrypt", "decrypt"], ext: Bool? = true) {
            self.alg = alg
            self.k = k
            self.kty = kty
            self.keyOps = keyOps
            self.ext = ext
        }

        /// The algorithm; never the key.
        public var description: String { "\(alg ?? "no algorithm") key (withheld)" }
        /// As `description`.
        public var debugDescription: String { description }
        /// As `description`, for `dump`.
        public var customMirror: Mirror { Mirror(self, children: ["alg": alg as Any]) }
    }

    /// The ciphertext's `mxc://` URL.
    public var url: String
    /// The key.
    public var key: Key
    /// The initial counter block, 16 bytes, unpadded base64.
    public var iv: String
    /// Hashes of the ciphertext by algorithm: `sha256` (unpadded base64).
    public var hashes: [String: String]
    /// The format version: `v2`.
    public var v: String?
    /// The clear file's MIME type, which some senders add here.
    public var mimetype: String?

    /// A file of the given fields.
    public init(url: String, key: Key, iv: String, hashes: [String: String], v: String? = "v2", mimetype: String? = nil) {
        self.url = url
        self.key = key
        self.iv = iv
        self.hashes = hashes
        self.v = v
        self.mimetype = mimetype
    }

    /// The URL and version; never the key.
    public var description: String { "encrypted file \(url) (\(v ?? "no version"), key withheld)" }
    /// As `description`.
    public var debugDescription: String { description }
    /// The URL and version, for `dump`.
    public var customMirror: Mirror { Mirror(self, children: ["url": url, "v": v as Any]) }
}
