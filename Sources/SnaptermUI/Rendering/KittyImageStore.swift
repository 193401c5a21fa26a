// KittyImageStore: the images a kitty terminal holds for one placer — their ids, their bytes, when each
// was last shown, and which to free once they no longer fit a memory budget.
import TerminalGraphics

/// Bookkeeping shared by `KittyPlacer` and `KittyPlaceholderPlacer`.
struct KittyImageStore {
    /// Terminal memory the images may use (encoded PNG bytes).
    let budget: Int
    private var ids: [String: Int] = [:]
    private var owners: [Int: String] = [:]
    private var held: [Int: Int] = [:]       // id → bytes the terminal holds
    private var lastUse: [Int: Int] = [:]    // id → frame it was last shown in

    private let sequence: KittyImageIDs

    init(budget: Int, ids: KittyImageIDs) {
        self.budget = budget
        sequence = ids
    }

    /// The id of the image named `identity` (24-bit, never 0): the next of `ids` the first time it is
    /// asked for (past any this store still owns), the same one after that.
    mutating func id(for identity: String) -> Int {
        if let id = ids[identity] { return id }
        var id = sequence.take()
        while owners[id] != nil { id = sequence.take() }
        ids[identity] = id
        owners[id] = identity
        return id
    }

    /// Whether the terminal holds image `id`.
    func holds(_ id: Int) -> Bool { held[id] != nil }

    /// The images the terminal holds, in id order.
    var heldIDs: [Int] { held.keys.sorted() }

    /// Bytes the terminal holds.
    var heldBytes: Int { held.values.reduce(0, +) }

    /// Records that image `id` (of `bytes` bytes) was transmitted.
    mutating func transmitted(_ id: Int, bytes: Int) { held[id] = bytes }

    /// Records that image `id` was shown in frame `frame`.
    mutating func shown(_ id: Int, inFrame frame: Int) { lastUse[id] = frame }

    /// Forgets every image the terminal held (it was told to free them, or may have lost them).
    mutating func forgetAll() {
        held = [:]
        lastUse = [:]
    }

    /// While the held bytes exceed the budget, takes out the least recently shown image not in `onScreen`
    /// and returns their ids, in the order to free them.
    mutating func evictBeyondBudget(keeping onScreen: Set<Int>) -> [Int] {
        var total = heldBytes
        guard total > budget else { return [] }
        let candidates = held.keys.filter { !onScreen.contains($0) }.sorted { (lastUse[$0] ?? 0, $0) < (lastUse[$1] ?? 0, $1) }
        var evicted: [Int] = []
        for id in candidates where total > budget {
            total -= held[id] ?? 0
            held[id] = nil
            lastUse[id] = nil
            evicted.append(id)
        }
        return evicted
    }
}
