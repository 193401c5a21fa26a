// Prefetcher: low-priority loads for the rows about to appear, cancelled when the scroll turns.
import Foundation
import SchemeLoader

/// Keeps prefetch loads for the rows just beyond the visible range, in the scroll direction.
@MainActor
final class Prefetcher {
    private let loader: SchemeLoader
    private var tokens: [Int: LoadToken] = [:]

    init(loader: SchemeLoader) {
        self.loader = loader
    }

    /// Rows with a prefetch running (or finished) now.
    var rows: Set<Int> { Set(tokens.keys) }

    /// Prefetches `rows`; cancels prefetches for every row outside them.
    func prefetch(_ rows: Range<Int>, url: (Int) -> URL?) {
        for (row, token) in tokens where !rows.contains(row) {
            token.cancel()
            tokens[row] = nil
        }
        for row in rows where tokens[row] == nil {
            guard let url = url(row) else { continue }
            tokens[row] = loader.load(LoadRequest(url: url, priority: .low)) { _ in }
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
