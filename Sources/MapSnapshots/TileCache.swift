// TileCache: decoded vector tiles kept in memory, bounded by their size, least recently used evicted first.
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
        var cost: Int
        var lastUse: UInt64
    }

    private struct State {
        var entries: [TileKey: Entry] = [:]
        var totalCost = 0
        var clock: UInt64 = 0
    }

    /// The most bytes (estimated) the decoded tiles may take.
    let capacity: Int
    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The estimated memory of a decoded tile: coordinates plus a fixed amount per feature.
    static func cost(of tile: VectorTile?) -> Int {
        guard let tile else { return 64 }
        var total = 256
        for layer in tile.layers {
            for feature in layer.features {
                total += 160 + feature.coordinates.count * 4 + feature.partStarts.count * 4 + feature.properties.count * 48
            }
        }
        return total
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

    /// Stores a tile (or its absence), evicting the least recently used tiles while over capacity.
    func insert(_ tile: VectorTile?, for key: TileKey) {
        let cost = Self.cost(of: tile)
        state.withLock { state in
            state.clock += 1
            if let old = state.entries[key] { state.totalCost -= old.cost }
            state.entries[key] = Entry(tile: tile, cost: cost, lastUse: state.clock)
            state.totalCost += cost
            while state.totalCost > capacity, state.entries.count > 1,
                  let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                state.entries[oldest.key] = nil
                state.totalCost -= oldest.value.cost
            }
        }
    }

    /// The number of cached tiles.
    var count: Int { state.withLock { $0.entries.count } }

    /// The estimated bytes held.
    var totalCost: Int { state.withLock { $0.totalCost } }

    /// Drops every tile.
    func removeAll() {
        state.withLock { state in
            state.entries.removeAll()
            state.totalCost = 0
        }
    }
}
