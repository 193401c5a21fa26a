// AssetSchemeHandler: the `asset` scheme — a gallery photo decoded at the asked size, edited, encoded.
import Foundation
import Imaging
import SchemeLoader

/// Loads `asset://?id=…&width=…&height=…&crop=…&filter=…&rotate=…&mode=…` URLs.
///
/// The canonical URL (the cache key) spells every parameter with its default, so each edited
/// variant is cached on its own — memory and disk (`StoragePolicy.allowed`). Photos are found by
/// opaque id only, decoded with shrink-on-load, edited, then encoded as JPEG when opaque or PNG
/// when they have transparency.
public struct AssetSchemeHandler: SchemeHandling {
    /// The photos the handler can name.
    public let library: AssetLibrary
    /// The decoder and editor (carries the pixel limit).
    public let processor: ImageProcessor
    /// JPEG quality for opaque results, 1…100. Default 85.
    public let jpegQuality: Int
    /// The largest photo file read. Default 64 MiB.
    public let maxFileBytes: Int
    private let workers: WorkerPool

    /// Creates a handler over `library`; decoding and editing run on `workers`.
    public init(library: AssetLibrary, processor: ImageProcessor = ImageProcessor(), jpegQuality: Int = 85,
                maxFileBytes: Int = 64 << 20, workers: WorkerPool = .shared) {
        self.library = library
        self.processor = processor
        self.jpegQuality = jpegQuality
        self.maxFileBytes = maxFileBytes
        self.workers = workers
    }

    public func canHandle(_ url: URL) -> Bool {
        url.scheme?.lowercased() == AssetURL.scheme
    }

    /// The canonical URL; throws `LoadError.invalidParameter` naming a bad parameter, or
    /// `AssetLibraryError.unknownAsset` for an id that is not in the library. Its fragment
    /// (`#v=…`) is the photo file's identity, so an edited or replaced photo is a new cache key.
    public func canonicalURL(for url: URL) throws -> URL {
        let asset = try AssetURL(url: url)
        let file = try library.fileURL(id: asset.id)
        guard let identity = FileIdentity.of(path: file.path),
              var components = URLComponents(url: asset.url, resolvingAgainstBaseURL: false) else { return asset.url }
        components.fragment = "v=" + identity.token
        return components.url ?? asset.url
    }

    /// Never: the key carries the photo file's identity, taken anew for every load.
    public func isCanonicalURLStable(_ canonical: URL) -> Bool { false }

    public func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        let asset = try AssetURL(url: task.url)
        try Task.checkCancellation()
        let (encoded, mimeType) = try await task.work(on: workers) { try self.render(asset) }
        try Task.checkCancellation()
        client.didReceive(LoadResponse(mimeType: mimeType, expectedLength: encoded.count, storagePolicy: .allowed))
        client.didLoad(encoded)
    }

    /// Reads, decodes, edits and encodes the photo: blocking work of tens of milliseconds.
    private func render(_ asset: AssetURL) throws -> (Data, String) {
        let data = try library.photoData(id: asset.id, maxBytes: maxFileBytes)
        do throws(ImagingError) {
            let bitmap = try processor.render(
                data, width: asset.width, height: asset.height,
                mode: ThumbnailMode(rawValue: asset.mode.rawValue) ?? .fit, edit: asset.edit(of: data, processor: processor))
            let format: EncodedFormat = bitmap.isOpaque ? .jpeg(quality: jpegQuality) : .png
            return (try processor.encode(bitmap, as: format), format.mimeType)
        } catch {
            throw AssetLibraryError.imaging(id: asset.id, error)
        }
    }
}
