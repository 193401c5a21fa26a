// MemoryCache: a thread-safe, cost-limited LRU cache answering synchronously.

/// A least-recently-used cache with a total cost cap (bytes, usually). Lookups are synchronous
/// so a cached picture can be drawn at the moment a cell is bound.
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State: Sendable {
        var entries: [Key: (value: Value, cost: Int)] = [:]
        var order = LRUList<Key>()
        var totalCost = 0
    }

    private let state = Locked(State())
    /// The largest total cost kept; older entries are evicted beyond it.
    public let costLimit: Int

    /// Creates a cache holding at most `costLimit` in total.
    public init(costLimit: Int) {
        self.costLimit = costLimit
    }

    /// The value for `key`, marking it recently used.
    public func value(for key: Key) -> Value? {
        state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            state.order.touch(key)
            return entry.value
        }
    }

    /// Stores `value` with its cost, evicting the least recently used entries over the cap.
    /// A value costing more than the whole cap is not stored.
    public func insert(_ value: Value, for key: Key, cost: Int) {
        state.withLock { state in
            Self.remove(key, from: &state)
            guard cost <= costLimit else { return }
            state.entries[key] = (value, cost)
            state.order.touch(key)
            state.totalCost += cost
            while state.totalCost > costLimit, let victim = state.order.removeOldest() {
                state.totalCost -= state.entries.removeValue(forKey: victim)?.cost ?? 0
            }
        }
    }

    /// Removes the entry for `key`.
    public func removeValue(for key: Key) {
        state.withLock { Self.remove(key, from: &$0) }
    }

    /// Empties the cache.
    public func removeAll() {
        state.withLock { $0 = State() }
    }

    /// The total cost held now.
    public var totalCost: Int { state.withLock { $0.totalCost } }
    /// The number of entries held now.
    public var count: Int { state.withLock { $0.entries.count } }

    private static func remove(_ key: Key, from state: inout State) {
        guard let old = state.entries.removeValue(forKey: key) else { return }
        state.totalCost -= old.cost
        state.order.remove(key)
    }
}
