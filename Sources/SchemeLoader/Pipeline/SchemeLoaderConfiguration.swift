// SchemeLoaderConfiguration: the knobs of one loader — cache sizes, disk location, stale copies, clock.
import Foundation

/// How a `SchemeLoader` caches and schedules.
public struct SchemeLoaderConfiguration: Sendable {
    /// The memory cache's cap in bytes. Default 128 MiB.
    public var memoryCostLimit = 128 << 20
    /// Schemes whose results have a memory cache of their own, and its cap in bytes (`["thumb": …]`: the
    /// thumbnails a list keeps, never pushed out by the pictures they are made from). Default: none.
    public var memoryCostLimits: [String: Int] = [:]
    /// The disk cache directory; `nil` for no disk cache.
    public var diskDirectory: URL?
    /// The disk cache's cap in bytes. Default 512 MiB.
    public var diskSizeLimit = 512 << 20
    /// Stale-while-revalidate: how long past its expiry a cached copy is still shown at once while it
    /// is revalidated in the background (a response's own `stale-while-revalidate` wins; `must-revalidate`
    /// and `no-cache` never). `nil` (the default): off — a stale copy is revalidated before it is served,
    /// as a command wants; an interactive list turns it on.
    public var staleWhileRevalidate: TimeInterval?
    /// The schemes `staleWhileRevalidate` applies to; `nil` (the default): every scheme. An app gives it to
    /// thumbnails alone: a thumbnail's background revalidation then revalidates its source before using it.
    public var staleWhileRevalidateSchemes: Set<String>?
    /// The wall clock used for freshness decisions (injected so tests can move time).
    public var now: @Sendable () -> Date = { Date() }

    /// Creates a configuration with the defaults and an optional disk directory.
    public init(diskDirectory: URL? = nil) {
        self.diskDirectory = diskDirectory
    }
}
