// ScrollBenchMode: how a run prepares the caches — so each mechanism's effect shows side by side.

/// The cache state a run starts from.
public enum ScrollBenchMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Empty memory and disk caches; prefetch on.
    case cold
    /// Every thumbnail on disk, memory empty.
    case warmDisk = "warm-disk"
    /// Every thumbnail in memory.
    case warmMemory = "warm-memory"
    /// Caches neither read nor filled (the `c` key of the cache demo).
    case cachingOff = "caching-off"
    /// Empty caches and no prefetching.
    case prefetchOff = "prefetch-off"
}
