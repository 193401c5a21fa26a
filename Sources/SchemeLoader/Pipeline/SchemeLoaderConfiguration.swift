// SchemeLoaderConfiguration: the knobs of one loader — cache sizes, disk location, concurrency, clock.
import Foundation

/// How a `SchemeLoader` caches and schedules.
public struct SchemeLoaderConfiguration: Sendable {
    /// The memory cache's cap in bytes. Default 128 MiB.
    public var memoryCostLimit = 128 << 20
    /// The disk cache directory; `nil` for no disk cache.
    public var diskDirectory: URL?
    /// The disk cache's cap in bytes. Default 512 MiB.
    public var diskSizeLimit = 512 << 20
    /// How many handler loads may run at once; the rest wait in priority order. Default 6.
    public var maxConcurrentLoads = 6
    /// The wall clock used for freshness decisions (injected so tests can move time).
    public var now: @Sendable () -> Date = { Date() }

    /// Creates a configuration with the defaults and an optional disk directory.
    public init(diskDirectory: URL? = nil) {
        self.diskDirectory = diskDirectory
    }
}
