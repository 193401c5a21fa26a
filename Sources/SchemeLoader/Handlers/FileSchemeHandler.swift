// FileSchemeHandler: `file` URLs, only inside the folders the user allowed (or files the user named).
import Foundation

/// Loads `file://` URLs whose real path (symlinks resolved) lies inside one of the allowed roots,
/// or is one of the files the user named (on the command line).
public struct FileSchemeHandler: SchemeHandling {
    /// The allowed folders, as real paths.
    public let allowedRoots: [RawPath]
    /// Single files allowed wherever they are (the user named them), as real paths.
    public let namedFiles: Set<RawPath>
    /// The largest file read. Default 64 MiB.
    public let maxFileBytes: Int
    private let chunkSize = 256 << 10
    private let blockingCalls: WorkerPool?

    /// Creates a handler allowing files under `allowedRoots` (folders that do not exist are ignored)
    /// and the `namedFiles` themselves — not their neighbours — wherever they are. Its blocking calls
    /// run on `blockingCalls` as the load's work (at its priority, in the workers' queue), or when `nil`
    /// on a queue off the cooperative pool.
    public init(allowedRoots: [URL], namedFiles: [URL] = [], maxFileBytes: Int = 64 << 20, blockingCalls: WorkerPool? = nil) {
        self.allowedRoots = allowedRoots.compactMap { RawPath(fileURL: $0)?.resolved }
        self.namedFiles = Set(namedFiles.compactMap { RawPath(fileURL: $0)?.resolved })
        self.maxFileBytes = maxFileBytes
        self.blockingCalls = blockingCalls
    }

    public func canHandle(_ url: URL) -> Bool {
        url.scheme?.lowercased() == "file"
    }

    /// The standardized file URL with the file's identity as its fragment (`#v=…`): the cache key
    /// of a file, and of every picture made from it, changes when the file is replaced or rewritten.
    /// The path is kept byte for byte (`%FF` stays the byte 0xFF, never U+FFFD: another file).
    public func canonicalURL(for url: URL) throws -> URL {
        guard let path = RawPath(fileURL: url)?.standardized else { throw LoadError.malformedURL(url.absoluteString) }
        let file = path.fileURL
        guard let identity = FileIdentity.of(path: path),
              var components = URLComponents(url: file, resolvingAgainstBaseURL: false) else { return file }
        components.fragment = "v=" + identity.token
        return components.url ?? file
    }

    /// Never: the key carries the file's identity, taken anew for every load.
    public func isCanonicalURLStable(_ canonical: URL) -> Bool { false }

    /// Opens the file off the cooperative pool (refusing anything but a regular file, so a FIFO or
    /// device cannot hang the load) and streams it in chunks, each read off the pool: on `blockingCalls`,
    /// each call is a piece of the load's work, so a visible row's read goes before a prefetch's.
    public func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        guard let requested = RawPath(fileURL: task.url) else { throw LoadError.malformedURL(task.url.absoluteString) }
        let file = try await blocking(task) { try self.open(requested) }
        client.didReceive(LoadResponse(
            mimeType: MIMEType.forPathExtension(requested.pathExtension), expectedLength: Int(file.identity.size),
            storagePolicy: .memoryOnly))
        var total = 0
        while true {
            try Task.checkCancellation()
            let chunk = try await blocking(task) { [chunkSize] in try file.read(upTo: chunkSize) }
            if chunk.isEmpty { break }
            total += chunk.count
            guard total <= maxFileBytes else { throw LoadError.bodyTooLarge(limit: maxFileBytes, url: task.url.absoluteString) }
            client.didLoad(chunk)
        }
    }

    private func blocking<T: Sendable>(_ task: SchemeLoadTask, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        if let blockingCalls { return try await task.work(on: blockingCalls, work) }
        return try await RegularFile.offPool(work)
    }

    /// Resolves links, checks the roots and opens the file: blocking calls, made off the pool.
    private func open(_ requested: RawPath) throws -> RegularFile {
        guard let path = requested.resolved else { throw LoadError.fileNotFound(path: requested.description) }
        guard namedFiles.contains(path) || allowedRoots.contains(where: path.isInside) else {
            throw LoadError.fileOutsideAllowedRoots(path: requested.description)
        }
        return try RegularFile(path: path, maxBytes: maxFileBytes)
    }
}

/// MIME types by file-name extension, for the picture formats Snapterm meets.
public enum MIMEType {
    /// The MIME type for an extension such as `jpg`, or `application/octet-stream`.
    public static func forPathExtension(_ ext: String) -> String {
        switch ext.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "heic", "heif": "image/heif"
        case "avif": "image/avif"
        case "jxl": "image/jxl"
        case "bmp": "image/bmp"
        case "tif", "tiff": "image/tiff"
        case "svg": "image/svg+xml"
        case "txt": "text/plain"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
