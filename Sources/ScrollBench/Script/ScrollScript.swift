// ScrollScript: a scripted scroll — which keys, how many, how fast.
import SnaptermUI

/// A scroll to replay: a pattern of arrow keys over a number of rows at a speed.
public struct ScrollScript: Sendable, Hashable {
    /// The shape of the scroll.
    public enum Pattern: Sendable, Hashable {
        /// Straight down, one row per key (the selection starts on the last visible row, so every key scrolls).
        case down
        /// Down `forward` rows, up `back` rows, again and again.
        case backAndForth(forward: Int, back: Int)

        /// A short name for tables.
        public var name: String {
            switch self {
            case .down: "down"
            case .backAndForth(let forward, let back): "back-and-forth \(forward)/\(back)"
            }
        }
    }

    /// The shape.
    public var pattern: Pattern
    /// Keys in all (one row each).
    public var rows: Int
    /// Rows (keys) per second; `nil` paces one key per frame (lockstep, for tests).
    public var rowsPerSecond: Double?

    /// Creates a script.
    public init(pattern: Pattern = .down, rows: Int = 500, rowsPerSecond: Double? = 10) {
        self.pattern = pattern
        self.rows = rows
        self.rowsPerSecond = rowsPerSecond
    }

    /// The keys, in order.
    public var keys: [Key] {
        switch pattern {
        case .down:
            return Array(repeating: .down, count: rows)
        case .backAndForth(let forward, let back):
            var keys: [Key] = []
            while keys.count < rows {
                keys += Array(repeating: .down, count: max(1, forward))
                keys += Array(repeating: .up, count: max(0, back))
            }
            return Array(keys.prefix(rows))
        }
    }

    /// How the keys are paced.
    public var pacing: KeyPacing {
        guard let rowsPerSecond, rowsPerSecond > 0 else { return .lockstep }
        return .realTime(interval: .nanoseconds(Int64((1e9 / rowsPerSecond).rounded())))
    }

    /// The lowest row the script can bring into view (for warming caches), given `visible` rows on screen.
    public func lastRowReached(visible: Int) -> Int {
        var top = 0, selected = visible - 1, deepest = visible - 1
        for key in keys {
            selected += key == .down ? 1 : -1
            selected = max(0, selected)
            if selected >= top + visible { top = selected - visible + 1 }
            if selected < top { top = selected }
            deepest = max(deepest, top + visible - 1)
        }
        return deepest
    }
}
