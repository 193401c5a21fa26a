// EncryptedMediaSchemeHandler: the decrypt stage of the shared loader — `emxc://` loads its ciphertext (`mxc://`,
// through the loader's authenticated download, which may cache the ciphertext), checks its SHA-256 and decrypts it.
// The clear bytes are confidential: kept in memory only, and so is every thumbnail made from them.
import Foundation
import SchemeLoader

/// Loads ``EncryptedMediaURL``s with the keys of ``EncryptedMediaKeys``: the whole ciphertext as the load's source
/// (from the same loader, which must hold the `mxc://` handler), its SHA-256 compared with the event's, then AES-256-CTR. A mismatch is
/// ``EncryptedAttachmentError/hashMismatch(url:)`` and nothing is delivered; an unknown key,
/// ``EncryptedAttachmentError/keyUnknown(url:)``.
public struct EncryptedMediaSchemeHandler: SchemeHandling {
    private let keys: EncryptedMediaKeys
    private let workers: WorkerPool

    /// A stage opening the attachments of `keys`, their ciphertext loaded as a source of the loader it is in;
    /// hashing and decrypting run on `workers`.
    public init(keys: EncryptedMediaKeys, workers: WorkerPool = .shared) {
        self.keys = keys
        self.workers = workers
    }

    /// True for `emxc://` URLs.
    public func canHandle(_ url: URL) -> Bool { url.scheme?.lowercased() == EncryptedMediaURL.scheme }

    /// The canonical `emxc://server/id`.
    public func canonicalURL(for url: URL) throws -> URL { try EncryptedMediaURL(url: url).url }

    /// Loads the ciphertext (at this load's priority), checks and decrypts it on a worker, and delivers the clear
    /// file as confidential and memory-only, fresh for good (media never changes once uploaded).
    public func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        let url = try EncryptedMediaURL(url: task.url)
        guard let attachment = keys.attachment(for: url) else { throw EncryptedAttachmentError.keyUnknown(url: url.url.absoluteString) }
        let ciphertext = try await task.source(attachment.media.url)
        try Task.checkCancellation()
        let clear = try await task.work(on: workers) { [data = ciphertext.data] in try attachment.decrypt(data) }
        try Task.checkCancellation()
        client.didReceive(LoadResponse(mimeType: attachment.mimeType, expectedLength: clear.count, storagePolicy: .memoryOnly,
                                       isConfidential: true))
        client.didLoad(clear)
    }
}
