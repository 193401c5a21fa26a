// Prefetcher: loads for the rows about to appear, nearest first, each at its priority; cancelled when left behind.
import Foundation
import SchemeLoader

/// Keeps prefetch loads for the rows just beyond the visible range, in the scroll direction.
@MainActor
final class Prefetcher {
    private let loader: SchemeLoader
    private var tokens: [Int: (token: LoadToken, priority: LoadPriority)] = [:]
    /// Hears the cost of every prefetch that ran a handler.
    var onHandlerLoad: ((LoadCost) -> Void)?

    init(loader: SchemeLoader) {
        self.loader = loader
    }

    /// Rows with a prefetch running (or finished) now.
    var rows: Set<Int> { Set(tokens.keys) }

    /// Prefetches `rows` in the order given (nearest first: the scheduler starts equal priorities in
    /// arrival order), each at its priority (changed in place for a row already prefetched); cancels
    /// prefetches for every row not among them.
    func prefetch(_ rows: [(row: Int, priority: LoadPriority)], url: (Int) -> URL?) {
        let wanted = Set(rows.map(\.row))
        for (row, prefetch) in tokens where !wanted.contains(row) {
            prefetch.token.cancel()
            tokens[row] = nil
        }
        for (row, priority) in rows {
            if let prefetch = tokens[row] {
                if prefetch.priority != priority {
                    prefetch.token.setPriority(priority)
                    tokens[row]?.priority = priority
                }
                continue
            }
            guard let url = url(row) else { continue }
            let token = loader.load(LoadRequest(url: url, priority: priority)) { [weak self] result in
                guard case .success(let loaded) = result, let cost = LoadCost(loaded) else { return }
                Task { @MainActor in self?.onHandlerLoad?(cost) }
            }
            tokens[row] = (token, priority)
        }
    }

    /// Hands a row over to a visible cell (which has joined the load by now): stops tracking it.
    func release(_ row: Int) {
        tokens.removeValue(forKey: row)?.token.cancel()
    }

    /// Cancels every prefetch.
    func cancelAll() {
        tokens.values.forEach { $0.token.cancel() }
        tokens = [:]
    }
}
