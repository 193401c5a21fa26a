// HTTPRangeSource: a ByteRangeSource over http(s) — every range a load of the shared loader, pinned to one version.
import Foundation

/// Reads byte ranges of one archive on a web server (a PMTiles file on a CDN) through a
/// ``SchemeLoader/SchemeLoader``, so each range is a load like any other: kept in memory and on disk,
/// shared by callers who ask for it at once, started in priority order, cancelled with the calling task. A read
/// made while a load of the same loader runs on the calling task (a map drawn from a remote archive) is that
/// load's source (`SchemeLoadTask.source`): at the load's priority as it changes, whatever the source's own.
///
/// **One version.** The first read loads the archive's first `anchorLength` bytes without a version
/// (a ``ByteRangeURL`` without `version`, cached and revalidated by the server's rules); the `ETag` (else
/// `Last-Modified`) of that answer is the version every later range is pinned to: part of its cache key,
/// sent as `If-Range`, and checked on the answer. Reads inside the first bytes are served from them.
/// When the server has another version — a 200 to `If-Range`, or a 206 with another `ETag` — the read
/// throws ``LoadError/archiveChanged(url:)`` and so does every later read of this source (bytes of two
/// versions are never mixed); the cached first bytes are loaded again, so a new source reads the new
/// version. A reader that keeps what it has read (directories) makes a new source and starts over.
/// A 416 (the archive ends before the range) is taken as another version too — a server that ignores
/// `If-Range` answers so when the archive was replaced by a shorter one — unless the first bytes, asked
/// again, are still of the version read: then it stays ``LoadError/rangeNotSatisfiable(url:offset:length:size:)``.
///
/// An archive whose server names no version (no strong `ETag`, no `Last-Modified`) is read only as far
/// as its first bytes go: a read beyond them throws ``LoadError/archiveWithoutVersion(url:)``.
///
/// A second process on the same cache folder reads cached ranges with no request while the first
/// bytes are fresh, and with one revalidation of them (`If-None-Match`; a 304 keeps every range) after.
public final class HTTPRangeSource: ByteRangeSource {
    /// The first bytes read to learn the archive's version: a PMTiles v3 header and root directory lie
    /// within the first 16,384 bytes, so a PMTiles reader's first read is this one.
    public static let defaultAnchorLength = 16_384

    /// The archive's canonical URL.
    public let archive: URL
    /// How urgent the reads are outside a load (`bytes(at:length:priority:)` overrides it per read).
    public let priority: LoadPriority
    /// How many first bytes pin the version.
    public let anchorLength: Int
    private let loader: SchemeLoader
    private let state = Locked<State>(.unread)

    private enum State {
        case unread
        case pinned(Anchor)
        case changed
    }

    /// The archive's first bytes, and the version they belong to (`nil` when the server names none).
    private struct Anchor {
        let version: String?
        let data: Data
    }

    /// A source reading `url` (http or https) through `loader`, whose handlers must include an
    /// ``HTTPSchemeHandler``. Throws a `LoadError` for another scheme or a loader that cannot load ranges.
    public init(archive url: URL, loader: SchemeLoader, priority: LoadPriority = .normal,
                anchorLength: Int = HTTPRangeSource.defaultAnchorLength) throws {
        guard ["http", "https"].contains(url.scheme?.lowercased() ?? "") else {
            throw LoadError.invalidParameter(name: "url", value: url.absoluteString,
                                             reason: "byte ranges are read over http or https only")
        }
        let first = try ByteRangeURL(archive: url, offset: 0, length: anchorLength)
        _ = try loader.canonicalURL(for: first.url)  // unsupportedScheme("byterange") without an HTTP handler
        archive = first.archive
        self.loader = loader
        self.priority = priority
        self.anchorLength = anchorLength
    }

    /// The archive's URL.
    public var name: String { archive.absoluteString }

    /// `length` bytes from `offset` at this source's priority.
    public func bytes(at offset: UInt64, length: Int) async throws -> Data {
        try await bytes(at: offset, length: length, priority: priority)
    }

    /// `length` bytes from `offset` (fewer only where the archive ends), loaded at `priority`.
    public func bytes(at offset: UInt64, length: Int, priority: LoadPriority) async throws -> Data {
        guard length > 0 else {
            if length == 0 { return Data() }
            throw LoadError.invalidParameter(name: "length", value: String(length), reason: "must not be negative")
        }
        let anchor = try await self.anchor(priority: priority)
        if offset < UInt64(anchorLength), length <= anchorLength - Int(offset) {
            return try slice(of: anchor, offset: Int(offset), length: length)
        }
        // Parts beyond the first bytes of an archive without a version could be of another version than those.
        guard let version = anchor.version else { throw LoadError.archiveWithoutVersion(url: name) }
        let range = try ByteRangeURL(archive: archive, offset: offset, length: length, version: version)
        do {
            return try await load(LoadRequest(url: range.url, priority: priority)).data
        } catch LoadError.archiveChanged(let url) {
            await forgetVersion(priority: priority)
            throw LoadError.archiveChanged(url: url)
        } catch LoadError.rangeNotSatisfiable(let url, let offset, let length, let size) {
            // The archive ends before a range its own directories point to: most likely it was replaced by
            // a shorter version (a server that ignores If-Range answers 416, not 200) — as PMTiles readers do,
            // asked again as a changed archive unless its first bytes still belong to the version read.
            guard try await isStillVersion(anchor.version, priority: priority) else {
                state.withLock { $0 = .changed }  // its first bytes were just loaded again: a new source reads them
                throw LoadError.archiveChanged(url: url)
            }
            throw LoadError.rangeNotSatisfiable(url: url, offset: offset, length: length, size: size)
        }
    }

    /// The version of the archive this source reads (loading its first bytes when none was read yet), or
    /// `nil` for an archive that has none but ends within its first bytes (nothing of it is read in parts).
    /// Throws ``LoadError/archiveWithoutVersion(url:)`` for a longer archive without a version.
    public func version() async throws -> String? {
        let anchor = try await self.anchor(priority: priority)
        if anchor.version == nil, anchor.data.count >= anchorLength { throw LoadError.archiveWithoutVersion(url: name) }
        return anchor.version
    }

    /// Whether the server's archive is still `version`: its first bytes are loaded again (revalidated);
    /// `false` for an archive without a version, which cannot be told from another.
    private func isStillVersion(_ version: String?, priority: LoadPriority) async throws -> Bool {
        let request = LoadRequest(url: anchorURL, cachePolicy: .reloadRevalidatingCache, priority: priority)
        let now = try await load(request)
        return version != nil && ByteRangeURL.version(of: now.response.validators) == version
    }

    private var anchorURL: URL {
        // Validated in `init`.
        (try? ByteRangeURL(archive: archive, offset: 0, length: anchorLength).url) ?? archive
    }

    /// The pinned first bytes, loaded by the first read (concurrent first reads share the load).
    private func anchor(priority: LoadPriority) async throws -> Anchor {
        switch state.withLock({ $0 }) {
        case .pinned(let anchor): return anchor
        case .changed: throw LoadError.archiveChanged(url: name)
        case .unread: break
        }
        let result = try await load(LoadRequest(url: anchorURL, priority: priority))
        let loaded = Anchor(version: ByteRangeURL.version(of: result.response.validators), data: result.data)
        return try state.withLock { state in
            switch state {
            case .pinned(let anchor): return anchor
            case .changed: throw LoadError.archiveChanged(url: name)
            case .unread:
                state = .pinned(loaded)
                return loaded
            }
        }
    }

    private func slice(of anchor: Anchor, offset: Int, length: Int) throws -> Data {
        if offset >= anchor.data.count, anchor.data.count < anchorLength {  // the archive ends before `offset`
            throw LoadError.rangeNotSatisfiable(url: name, offset: UInt64(offset), length: length,
                                                size: UInt64(anchor.data.count))
        }
        return Data(anchor.data.dropFirst(offset).prefix(length))
    }

    /// The server has another version: this source reads no more, and the cached first bytes are
    /// revalidated (replaced by the new version's) so that a new source pins the new version.
    private func forgetVersion(priority: LoadPriority) async {
        state.withLock { $0 = .changed }
        let request = LoadRequest(url: anchorURL, cachePolicy: .reloadRevalidatingCache, priority: priority)
        _ = try? await load(request)
    }

    /// Loads `request`: as the source of the load of this loader running on the calling task, when there is one
    /// (at that load's priority as it changes), else as asked.
    private func load(_ request: LoadRequest) async throws -> LoadResult {
        if let running = SchemeLoadTask.running?.context, running.loader === loader {
            return try await loader.result(for: request, follows: running.job.workPriority)
        }
        return try await loader.result(for: request)
    }
}
