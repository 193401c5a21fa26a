// PMTilesDirectoryCache: the leaf directories one reader has read — each read once, bounded by entries.

/// Leaf directories of one archive kept in memory by offset, the least recently used dropped when
/// their entries exceed the cap; concurrent requests for the same directory share one read.
actor PMTilesDirectoryCache {
    private struct Kept {
        let directory: PMTilesDirectory
        var lastUse: UInt64
    }

    private let maxEntries: Int
    private var kept: [UInt64: Kept] = [:]
    private var loading: [UInt64: Task<PMTilesDirectory, any Error>] = [:]
    private var entryCount = 0
    private var clock: UInt64 = 0

    init(maxEntries: Int) {
        self.maxEntries = maxEntries
    }

    /// The directory at `offset`: kept, being read for another caller, or read now with `load`.
    /// A failed read is not kept: the next caller tries again.
    func directory(at offset: UInt64, load: @escaping @Sendable () async throws -> PMTilesDirectory) async throws -> PMTilesDirectory {
        clock += 1
        if var hit = kept[offset] {
            hit.lastUse = clock
            kept[offset] = hit
            return hit.directory
        }
        if let running = loading[offset] { return try await running.value }
        // Unstructured: a caller that goes away does not fail the others waiting for the same directory.
        let task = Task { try await load() }
        loading[offset] = task
        defer { loading[offset] = nil }
        let directory = try await task.value
        keep(directory, at: offset)
        return directory
    }

    /// How many directories are kept.
    var count: Int { kept.count }

    private func keep(_ directory: PMTilesDirectory, at offset: UInt64) {
        guard kept[offset] == nil else { return }
        kept[offset] = Kept(directory: directory, lastUse: clock)
        entryCount += directory.entries.count
        while entryCount > maxEntries, kept.count > 1,
              let oldest = kept.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            kept[oldest.key] = nil
            entryCount -= oldest.value.directory.entries.count
        }
    }
}
