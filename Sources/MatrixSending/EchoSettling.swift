// EchoSettling: a sent message's local echo switched to the server's copy with no blank frame — the picture's
// thumbnails at the new `mxc://` URL are seeded with the very bytes the echo shows (the local picture's cached
// thumbnail) before the store names the new URL, so the screen's next look is a cache hit.
import Foundation
import MessageStore
import SchemeLoader

/// Settles the local echoes of an account's sends once the server answered them.
public actor EchoSettling {
    private let store: MessageStore
    private let account: String
    private let thumbnailLoader: SchemeLoader?
    private let thumbnailURL: @Sendable (URL) -> URL

    /// Settles `account`'s echoes in `store`. `thumbnailURL` is the URL a conversation shows a picture by (its
    /// thumbnail in the conversation's box), loaded and seeded through `thumbnailLoader`.
    public init(store: MessageStore, account: String, thumbnailLoader: SchemeLoader?, thumbnailURL: @escaping @Sendable (URL) -> URL) {
        self.store = store
        self.account = account
        self.thumbnailLoader = thumbnailLoader
        self.thumbnailURL = thumbnailURL
    }

    /// Settles every answered send whose echo does not show the event yet, oldest first: for a picture, its new
    /// URL's thumbnail is seeded from the local one first, then the store switches the URL. Returns how many.
    @discardableResult
    public func settleAll() async throws(MessageStoreError) -> Int {
        let sends = try store.sendsToSettle(account: account)
        for send in sends {
            if let local = send.localPicture, let media = send.mediaURL, local != media {
                await carryThumbnail(from: local, to: media)
            }
            try store.settle(send)
        }
        return sends.count
    }

    /// Seeds the thumbnail of `media` with the bytes of `local`'s (from the memory cache, or made again — after a
    /// restart — from the local picture). A local picture that cannot be read any more seeds nothing: the new URL
    /// then loads from the server.
    private func carryThumbnail(from local: URL, to media: URL) async {
        guard let loader = thumbnailLoader,
              let shown = try? await loader.result(for: LoadRequest(url: thumbnailURL(local), priority: .high)) else { return }
        try? await loader.seed(thumbnailURL(media), with: shown.data, mimeType: shown.response.mimeType ?? "application/octet-stream",
                               storagePolicy: shown.response.storagePolicy == .allowed ? .allowed : .memoryOnly)
    }
}
