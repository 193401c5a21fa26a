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
    private let reductions: PhotoReductions

    /// Creates a handler over `library`; decoding and editing run on `workers`.
    public init(library: AssetLibrary, processor: ImageProcessor = ImageProcessor(), jpegQuality: Int = 85,
                maxFileBytes: Int = 64 << 20, workers: WorkerPool = .shared) {
        self.library = library
        self.processor = processor
        self.jpegQuality = jpegQuality
        self.maxFileBytes = maxFileBytes
        self.workers = workers
        reductions = PhotoReductions()
    }

    /// How many smaller copies of large photos were decoded from their files (each kept for the renders after it).
    public var photoCopiesMade: Int { reductions.copiesMade }

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

    /// Reads, decodes, edits and encodes the photo: blocking work of tens of milliseconds — a few for a render far
    /// smaller than a large photo, made from the photo's copy in memory (`PhotoReductions`).
    private func render(_ asset: AssetURL) throws -> (Data, String) {
        let mode = ThumbnailMode(rawValue: asset.mode.rawValue) ?? .fit
        let bitmap: Bitmap
        if let reduced = try reducedRender(asset, mode: mode) {
            bitmap = reduced
        } else {
            let data = try library.photoData(id: asset.id, maxBytes: maxFileBytes)
            bitmap = try imaging(asset) { () throws(ImagingError) in
                try processor.render(data, width: asset.width, height: asset.height, mode: mode, edit: asset.edit(of: data, processor: processor))
            }
        }
        let format: EncodedFormat = bitmap.isOpaque ? .jpeg(quality: jpegQuality) : .png
        return (try imaging(asset) { () throws(ImagingError) in try processor.encode(bitmap, as: format) }, format.mimeType)
    }

    /// `asset` rendered from its photo's smaller copy (made now from the file if there is none yet), or `nil` when
    /// the copy would not hold twice the pixels the render takes, or the photo is small: then the file is decoded.
    private func reducedRender(_ asset: AssetURL, mode: ThumbnailMode) throws -> Bitmap? {
        guard asset.width != nil || asset.height != nil, let file = try? library.fileURL(id: asset.id),
              let identity = FileIdentity.of(path: file.path) else { return nil }
        let key = asset.id + "#" + identity.token
        if let reduction = reductions.reduction(for: key) {
            return try imaging(asset) { () throws(ImagingError) in try render(asset, mode: mode, from: reduction) }
        }
        let data = try library.photoData(id: asset.id, maxBytes: maxFileBytes)
        return try imaging(asset) { () throws(ImagingError) -> Bitmap? in
            let info = try processor.info(of: data)
            let plan = RenderPlan(uprightWidth: info.width, uprightHeight: info.height, width: asset.width, height: asset.height,
                                  mode: mode, edit: try asset.edit { (info.width, info.height) })
            guard PhotoReductions.mayServe(plan),
                  let reduction = try reductions.makeReduction(of: data, width: info.width, height: info.height, key: key,
                                                               processor: processor) else { return nil }
            return try render(asset, mode: mode, from: reduction)
        }
    }

    /// `asset` made from `reduction`, or `nil` when the copy holds too few pixels for it.
    private func render(_ asset: AssetURL, mode: ThumbnailMode, from reduction: PhotoReductions.Reduction) throws(ImagingError) -> Bitmap? {
        let edit = try asset.edit { (reduction.photoWidth, reduction.photoHeight) }
        let plan = RenderPlan(uprightWidth: reduction.photoWidth, uprightHeight: reduction.photoHeight, width: asset.width,
                              height: asset.height, mode: mode, edit: edit)
        guard PhotoReductions.serves(plan, from: reduction) else { return nil }
        return try processor.render(reduction.copy, width: asset.width, height: asset.height, mode: mode, edit: edit)
    }

    /// `body`'s imaging failure as the library's error naming the photo.
    private func imaging<T>(_ asset: AssetURL, _ body: () throws(ImagingError) -> T) throws(AssetLibraryError) -> T {
        do {
            return try body()
        } catch {
            throw .imaging(id: asset.id, error)
        }
    }
}
