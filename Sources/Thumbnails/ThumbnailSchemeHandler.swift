// ThumbnailSchemeHandler: loads a thumbnail's source through the base loader and encodes it for the terminal.
import Foundation
import SchemeLoader
import TerminalGraphics

/// Turns picture bytes into a terminal picture for a box (sixel, symbols or ASCII).
public protocol ThumbnailEncoding: Sendable {
    /// Encodes `data` (an image file's bytes) for `box`.
    func encode(_ data: Data, for box: ThumbnailBox) throws -> TerminalPicture
}

/// Handles `thumb://` URLs: the second stage of the picture pipeline.
public struct ThumbnailSchemeHandler: SchemeHandling {
    private let base: SchemeLoader
    private let encoder: any ThumbnailEncoding

    /// Creates the handler; `base` loads the sources (its own caches hold the source bytes).
    public init(base: SchemeLoader, encoder: any ThumbnailEncoding) {
        self.base = base
        self.encoder = encoder
    }

    public func canHandle(_ url: URL) -> Bool { url.scheme?.lowercased() == ThumbnailURL.scheme }

    public func canonicalURL(for url: URL) throws -> URL {
        var thumbnail = try ThumbnailURL(url: url)
        thumbnail.source = try base.canonicalURL(for: thumbnail.source)
        return thumbnail.url
    }

    public func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        let thumbnail = try ThumbnailURL(url: task.url)
        let source = try await base.data(for: thumbnail.source)
        try Task.checkCancellation()
        let picture = try encoder.encode(source.data, for: thumbnail.box)
        let bytes = picture.encoded
        // Sixel is costly to make and worth a disk copy; text art is cheap to redo: memory only.
        let policy: StoragePolicy = thumbnail.box.mode == .sixel ? .allowed : .memoryOnly
        client.didReceive(LoadResponse(mimeType: "application/x-terminal-picture", expectedLength: bytes.count,
                                       storagePolicy: policy, expiresAt: source.response.expiresAt))
        client.didLoad(bytes)
    }
}
