// ScrollBenchMode: how a run prepares the caches — so each mechanism's effect shows side by side.

/// The cache state a run starts from.
public enum ScrollBenchMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// Empty memory and disk caches; prefetch on.
    case cold
    /// Every thumbnail on disk, memory empty. The remote list fills the disk caches with loaders of
    /// its own, then runs with new ones over the same folder (as a second process would).
    case warmDisk = "warm-disk"
    /// Every thumbnail in memory.
    case warmMemory = "warm-memory"
    /// Caches neither read nor filled (the `c` key of the cache demo).
    case cachingOff = "caching-off"
    /// Empty caches and no prefetching.
    case prefetchOff = "prefetch-off"
}
