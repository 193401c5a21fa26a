// TileCache: decoded vector tiles kept in memory, bounded, least recently used evicted first.
import SchemeLoader

/// Identifies one tile of one file.
struct TileKey: Hashable, Sendable {
    let path: String
    let z: Int, x: Int, y: Int
}

/// A bounded in-memory cache of decoded tiles (a missing tile is cached as `nil`), safe across threads.
final class TileCache: Sendable {
    private struct Entry {
        var tile: VectorTile?
        var lastUse: UInt64
    }

    private struct State {
        var entries: [TileKey: Entry] = [:]
        var clock: UInt64 = 0
    }

    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The cached tile: `.some(nil)` for a tile known to be missing, `nil` when not cached.
    func tile(for key: TileKey) -> VectorTile?? {
        state.withLock { state in
            guard var entry = state.entries[key] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[key] = entry
            return .some(entry.tile)
        }
    }

    /// Stores a tile (or its absence), evicting the least recently used entry when full.
    func insert(_ tile: VectorTile?, for key: TileKey) {
        state.withLock { state in
            state.clock += 1
            if state.entries[key] == nil, state.entries.count >= capacity,
               let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.entries[oldest] = nil
            }
            state.entries[key] = Entry(tile: tile, lastUse: state.clock)
        }
    }

    /// The number of cached tiles.
    var count: Int { state.withLock { $0.entries.count } }

    /// Drops every tile.
    func removeAll() {
        state.withLock { $0.entries.removeAll() }
    }
}
