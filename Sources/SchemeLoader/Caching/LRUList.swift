// LRUList: recency order of keys with O(1) touch, remove and evict — shared by both caches.

/// Keys ordered from least to most recently used. Every operation is O(1).
struct LRUList<Key: Hashable>: Sendable where Key: Sendable {
    private struct Node: Sendable {
        var key: Key
        var older: Int?
        var newer: Int?
    }

    private var nodes: [Node] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private var oldest: Int?
    private var newest: Int?

    /// Number of keys held.
    var count: Int { index.count }

    /// Marks `key` as the most recently used, adding it if new.
    mutating func touch(_ key: Key) {
        if let slot = index[key] {
            unlink(slot)
            link(slot)
            return
        }
        let slot: Int
        if let reused = free.popLast() {
            nodes[reused] = Node(key: key)
            slot = reused
        } else {
            nodes.append(Node(key: key))
            slot = nodes.count - 1
        }
        index[key] = slot
        link(slot)
    }

    /// Removes `key` if present.
    mutating func remove(_ key: Key) {
        guard let slot = index.removeValue(forKey: key) else { return }
        unlink(slot)
        free.append(slot)
    }

    /// Removes and returns the least recently used key.
    mutating func removeOldest() -> Key? {
        guard let slot = oldest else { return nil }
        let key = nodes[slot].key
        remove(key)
        return key
    }

    /// Forgets every key.
    mutating func removeAll() {
        self = LRUList()
    }

    private mutating func link(_ slot: Int) {
        nodes[slot].older = newest
        nodes[slot].newer = nil
        if let newest { nodes[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let node = nodes[slot]
        if let older = node.older { nodes[older].newer = node.newer } else { oldest = node.newer }
        if let newer = node.newer { nodes[newer].older = node.older } else { newest = node.older }
    }
}
