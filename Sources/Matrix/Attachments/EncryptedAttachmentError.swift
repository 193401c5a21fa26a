// EncryptedAttachmentError: why an encrypted attachment is not shown — one sentence per cause, naming the attachment by
// its URL and never quoting its key.

/// An encrypted attachment that cannot be opened, or whose ciphertext is not the one its message described.
public enum EncryptedAttachmentError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The event names an algorithm or format version other than AES-256-CTR, `v2`.
    case unsupported(url: String, what: String)
    /// A field is missing or not what the format says (`key`, `iv`, `sha256`, `url`).
    case malformed(url: String, field: String, reason: String)
    /// The downloaded ciphertext's SHA-256 is not the one the message gave: changed or damaged, so not shown.
    case hashMismatch(url: String)
    /// No message read since Snapterm started gave the key of this attachment.
    case keyUnknown(url: String)

    public var description: String {
        switch self {
        case .unsupported(let url, let what):
            "the encrypted attachment \(url) uses \(what), which Snapterm cannot open (only AES-256-CTR, format v2)"
        case .malformed(let url, let field, let reason):
            "the encrypted attachment \(url) has a bad \(field): \(reason)"
        case .hashMismatch(let url):
            "the encrypted attachment \(url) was not shown: its downloaded bytes do not match the SHA-256 its message gave (changed or damaged on the way)"
        case .keyUnknown(let url):
            "the encrypted attachment \(url) cannot be opened: its key is kept in memory only and no message read since Snapterm started gave it"
        }
    }
}
