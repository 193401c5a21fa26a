// EncryptedMediaKeys: the keys of the encrypted attachments read this session, in memory only — how the key travels
// to the decrypt stage while screens, caches and the message store hold only its key-free `emxc://` URL.

import Foundation
import MessageStore
import SchemeLoader

/// Which key opens each encrypted attachment: filled as messages are read (`register`), read by
/// ``EncryptedMediaSchemeHandler``, or looked up in the message store the sync wrote. Never written anywhere by this
/// type: a key is only ever in memory and in the message that carried it.
public final class EncryptedMediaKeys: Sendable {
    private let attachments = Locked<[EncryptedMediaURL: EncryptedAttachment]>([:])
    private let stored: (@Sendable (EncryptedMediaURL) -> EncryptedAttachment?)?

    /// An empty set of keys.
    public init() { stored = nil }

    /// Keys registered, else found in `store`: the `file` object a synced message kept (the message database is the
    /// owner's alone, 0600), so a picture read before a restart opens after it.
    public init(store: MessageStore) {
        stored = { url in
            guard let (json, mimeType) = try? store.encryptedFile(shownBy: url.url.absoluteString),
                  let file = try? JSONDecoder().decode(EncryptedFile.self, from: Data(json.utf8)) else { return nil }
            return try? EncryptedAttachment(file, mimeType: mimeType)
        }
    }

    /// Keeps `attachment`'s key and returns the URL to show it by (`emxc://server/id`, canonical).
    @discardableResult
    public func register(_ attachment: EncryptedAttachment) -> URL {
        let url = EncryptedMediaURL(media: attachment.media)
        attachments.withLock { $0[url] = attachment }
        return url.url
    }

    /// The attachment shown by `url`, when its message was read.
    public func attachment(for url: EncryptedMediaURL) -> EncryptedAttachment? {
        if let registered = attachments.withLock({ $0[url] }) { return registered }
        guard let found = stored?(url) else { return nil }
        attachments.withLock { $0[url] = found }
        return found
    }
}
