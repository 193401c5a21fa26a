// Prefetcher: low-priority loads for the rows about to appear, nearest first; cancelled when left behind.
import Foundation
import SchemeLoader

/// Keeps prefetch loads for the rows just beyond the visible range, in the scroll direction.
@MainActor
final class Prefetcher {
    private let loader: SchemeLoader
    private var tokens: [Int: LoadToken] = [:]
    private var priority = LoadPriority.low
    /// Hears the handler time of every prefetch that ran a handler (the measured cost of a load).
    var onHandlerLoad: ((Duration) -> Void)?

    init(loader: SchemeLoader) {
        self.loader = loader
    }

    /// Rows with a prefetch running (or finished) now.
    var rows: Set<Int> { Set(tokens.keys) }

    /// Prefetches `rows` in the order given (nearest first: the scheduler starts equal priorities in
    /// arrival order) at `priority`; cancels prefetches for every row not among them.
    func prefetch(_ rows: [Int], priority: LoadPriority, url: (Int) -> URL?) {
        let wanted = Set(rows)
        for (row, token) in tokens where !wanted.contains(row) {
            token.cancel()
            tokens[row] = nil
        }
        if priority != self.priority {
            self.priority = priority
            tokens.values.forEach { $0.setPriority(priority) }
        }
        for row in rows where tokens[row] == nil {
            guard let url = url(row) else { continue }
            tokens[row] = loader.load(LoadRequest(url: url, priority: priority)) { [weak self] result in
                guard case .success(let loaded) = result, loaded.source == .handler, !loaded.wasCoalesced,
                      let time = loaded.metrics.handler else { return }
                Task { @MainActor in self?.onHandlerLoad?(time) }
            }
        }
    }

    /// Hands a row over to a visible cell (which has joined the load by now): stops tracking it.
    func release(_ row: Int) {
        tokens.removeValue(forKey: row)?.cancel()
    }

    /// Cancels every prefetch.
    func cancelAll() {
        tokens.values.forEach { $0.cancel() }
        tokens = [:]
    }
}
