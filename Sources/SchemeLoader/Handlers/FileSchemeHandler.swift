// FileSchemeHandler: `file` URLs, only inside the folders the user allowed (or files the user named).
import Foundation

/// Loads `file://` URLs whose real path (symlinks resolved) lies inside one of the allowed roots,
/// or is one of the files the user named (on the command line).
public struct FileSchemeHandler: SchemeHandling {
    /// The allowed folders, as real paths.
    public let allowedRoots: [String]
    /// Single files allowed wherever they are (the user named them), as real paths.
    public let namedFiles: Set<String>
    /// The largest file read. Default 64 MiB.
    public let maxFileBytes: Int
    private let chunkSize = 256 << 10
    private let blockingCalls: WorkerPool?

    /// Creates a handler allowing files under `allowedRoots` (folders that do not exist are ignored)
    /// and the `namedFiles` themselves — not their neighbours — wherever they are. Its blocking calls
    /// run on `blockingCalls`, or when `nil` (below a UI) on a queue off the cooperative pool.
    public init(allowedRoots: [URL], namedFiles: [URL] = [], maxFileBytes: Int = 64 << 20, blockingCalls: WorkerPool? = nil) {
        self.allowedRoots = allowedRoots.compactMap { Self.realPath($0.path) }
        self.namedFiles = Set(namedFiles.compactMap { Self.realPath($0.path) })
        self.maxFileBytes = maxFileBytes
        self.blockingCalls = blockingCalls
    }

    public func canHandle(_ url: URL) -> Bool {
        url.scheme?.lowercased() == "file"
    }

    /// The standardized file URL with the file's identity as its fragment (`#v=…`): the cache key
    /// of a file, and of every picture made from it, changes when the file is replaced or rewritten.
    public func canonicalURL(for url: URL) throws -> URL {
        guard url.host == nil || url.host == "" || url.host == "localhost", !url.path.isEmpty else {
            throw LoadError.malformedURL(url.absoluteString)
        }
        let file = URL(fileURLWithPath: url.standardizedFileURL.path)
        guard let identity = FileIdentity.of(path: file.path),
              var components = URLComponents(url: file, resolvingAgainstBaseURL: false) else { return file }
        components.fragment = "v=" + identity.token
        return components.url ?? file
    }

    /// Never: the key carries the file's identity, taken anew for every load.
    public func isCanonicalURLStable(_ canonical: URL) -> Bool { false }

    /// Opens the file off the cooperative pool (refusing anything but a regular file, so a FIFO or
    /// device cannot hang the load) and streams it in chunks, each read off the pool.
    public func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        let requested = task.url.path
        let file = try await blocking { try self.open(requested) }
        client.didReceive(LoadResponse(
            mimeType: MIMEType.forPathExtension(task.url.pathExtension), expectedLength: Int(file.identity.size),
            storagePolicy: .memoryOnly))
        var total = 0
        while true {
            try Task.checkCancellation()
            let chunk = try await blocking { [chunkSize] in try file.read(upTo: chunkSize) }
            if chunk.isEmpty { break }
            total += chunk.count
            guard total <= maxFileBytes else { throw LoadError.bodyTooLarge(limit: maxFileBytes, url: task.url.absoluteString) }
            client.didLoad(chunk)
        }
    }

    private func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        if let blockingCalls { return try await blockingCalls.run(work) }
        return try await RegularFile.offPool(work)
    }

    /// Resolves links, checks the roots and opens the file: blocking calls, made off the pool.
    private func open(_ requested: String) throws -> RegularFile {
        guard let path = Self.realPath(requested) else { throw LoadError.fileNotFound(path: requested) }
        guard namedFiles.contains(path) || allowedRoots.contains(where: { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }) else {
            throw LoadError.fileOutsideAllowedRoots(path: requested)
        }
        return try RegularFile(path: path, maxBytes: maxFileBytes)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
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
        case "bmp": "image/bmp"
        case "tif", "tiff": "image/tiff"
        case "svg": "image/svg+xml"
        case "txt": "text/plain"
        case "json": "application/json"
        default: "application/octet-stream"
        }
    }
}
