// EncryptedMediaKeys: the keys of the encrypted attachments read this session, in memory only — how the key travels
// to the decrypt stage while screens, caches and the message store hold only its key-free `emxc://` URL.

import Foundation
import SchemeLoader

/// Which key opens each encrypted attachment: filled as messages are read (`register`), read by
/// ``EncryptedMediaSchemeHandler``. Never written anywhere; a process that has not read an attachment's message
/// cannot open it.
public final class EncryptedMediaKeys: Sendable {
    private let attachments = Locked<[EncryptedMediaURL: EncryptedAttachment]>([:])

    /// An empty set of keys.
    public init() {}

    /// Keeps `attachment`'s key and returns the URL to show it by (`emxc://server/id`, canonical).
    @discardableResult
    public func register(_ attachment: EncryptedAttachment) -> URL {
        let url = EncryptedMediaURL(media: attachment.media)
        attachments.withLock { $0[url] = attachment }
        return url.url
    }

    /// The attachment shown by `url`, when its message was read.
    public func attachment(for url: EncryptedMediaURL) -> EncryptedAttachment? {
        attachments.withLock { $0[url] }
    }
}
