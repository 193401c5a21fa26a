// EncryptedAttachment: an encrypted attachment's `content.file`, checked — the AES-256 key, the counter block and the
// ciphertext's SHA-256 as bytes — and the one step that opens a downloaded ciphertext: hash, then decrypt.
import Crypto
import Foundation
import SchemeLoader
import _CryptoExtras

/// A checked ``EncryptedFile``: what the loader's decrypt stage needs to open the ciphertext at ``media``. Held in
/// memory only; its descriptions never show the key.
public struct EncryptedAttachment: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The ciphertext's `mxc://` URL (the whole file: the server cannot make thumbnails of encrypted media).
    public let media: MatrixMediaURL
    /// The clear file's MIME type, when the event gave one.
    public let mimeType: String?
    private let key: SymmetricKey
    private let counter: Data
    private let sha256: Data

    /// Checks `file`: `A256CTR`, `v2`, a 32-byte key, a 16-byte counter block, a 32-byte SHA-256 and an `mxc://`
    /// URL; `mimeType` is the event's `info.mimetype` (else the file's own, if any).
    public init(_ file: EncryptedFile, mimeType: String? = nil) throws(EncryptedAttachmentError) {
        let url = file.url
        guard let media = try? MatrixMediaURL(url: URL(string: url) ?? URL(fileURLWithPath: "/")), media.thumbnail == nil else {
            throw .malformed(url: SafeName.of(url), field: "url", reason: "it is not an mxc://SERVER/MEDIA_ID URL")
        }
        let name = media.url.absoluteString
        if let alg = file.key.alg, alg != "A256CTR" { throw .unsupported(url: name, what: "the algorithm \(SafeName.of(alg))") }
        if let kty = file.key.kty, kty != "oct" { throw .unsupported(url: name, what: "a key of type \(SafeName.of(kty))") }
        guard file.v == "v2" else { throw .unsupported(url: name, what: "format \(SafeName.of(file.v ?? "v0"))") }
        guard let key = UnpaddedBase64.decode(file.key.k), key.count == 32 else {
            throw .malformed(url: name, field: "key", reason: "not 32 bytes of base64url")
        }
        guard let counter = UnpaddedBase64.decode(file.iv), counter.count == 16 else {
            throw .malformed(url: name, field: "iv", reason: "not 16 bytes of base64")
        }
        guard let hash = file.hashes["sha256"].flatMap(UnpaddedBase64.decode), hash.count == 32 else {
            throw .malformed(url: name, field: "sha256", reason: "no 32-byte SHA-256 in hashes")
        }
        self.media = media
        self.mimeType = mimeType ?? file.mimetype
        self.key = SymmetricKey(data: key)
        self.counter = counter
        sha256 = hash
    }

    /// The clear bytes of `ciphertext`, after its SHA-256 was found to be the event's; a mismatch is
    /// ``EncryptedAttachmentError/hashMismatch(url:)`` and nothing is decrypted.
    public func decrypt(_ ciphertext: Data) throws(EncryptedAttachmentError) -> Data {
        guard Data(SHA256.hash(data: ciphertext)) == sha256 else { throw .hashMismatch(url: media.url.absoluteString) }
        do {
            return try AES._CTR.decrypt(ciphertext, using: key, nonce: AES._CTR.Nonce(nonceBytes: counter))
        } catch {
            // Sizes were checked above; the library refuses nothing else.
            throw .malformed(url: media.url.absoluteString, field: "key", reason: "the cipher refused it (\(type(of: error)))")
        }
    }

    /// The ciphertext's URL; never the key.
    public var description: String { "encrypted attachment \(media.url.absoluteString) (key withheld)" }
    /// As `description`.
    public var debugDescription: String { description }
    /// The URL and type, for `dump`.
    public var customMirror: Mirror { Mirror(self, children: ["media": media.url, "mimeType": mimeType as Any]) }
}

/// Text from an event, shortened and reduced to printable ASCII before it goes into an error sentence.
enum SafeName {
    static func of(_ text: String) -> String {
        let printable = text.unicodeScalars.prefix(80).map { (0x20...0x7E).contains($0.value) ? Character($0) : "?" }
        return String(printable) + (text.unicodeScalars.count > 80 ? "…" : "")
    }
}
