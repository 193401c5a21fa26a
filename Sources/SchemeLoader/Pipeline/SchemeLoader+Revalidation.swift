// SchemeLoader+Revalidation: stale-while-revalidate — a stale copy shown at once, refreshed in the background.
import Foundation

extension SchemeLoader {
    /// Calls `observer` (on any thread) with the canonical URL of every entry a background revalidation
    /// refreshed, and whether its bytes changed (else the source confirmed them). A screen showing that
    /// URL's stale copy binds it again when it changed, and only drops its "may be old" mark when not.
    /// Returns an id for `removeRefreshObserver(_:)`.
    @discardableResult
    public func addRefreshObserver(_ observer: @escaping @Sendable (_ url: URL, _ changed: Bool) -> Void) -> UInt64 {
        revalidations.addObserver(observer)
    }

    /// Stops calling the observer `id`.
    public func removeRefreshObserver(_ id: UInt64) {
        revalidations.removeObserver(id)
    }

    /// Whether `cached` (the copy of canonical `url`) may be served at once: `false` when it is fresh,
    /// `true` when it is stale but within its stale-while-revalidate window (a background revalidation
    /// is then started), `nil` when it must be revalidated before it is served. The one place that
    /// decides freshness for the synchronous lookups and for a load. A response's own
    /// `stale-while-revalidate` counts for every loader, a command's too; the loader's window
    /// (`SchemeLoaderConfiguration.staleWhileRevalidate`, for the schemes of `staleWhileRevalidateSchemes`) only
    /// adds one for responses that give none.
    func servesAtOnce(_ cached: CachedResponse, url: URL) -> Bool? {
        let moment = now()
        if cached.response.isFresh(at: moment) { return false }
        let windowApplies = staleWhileRevalidateSchemes?.contains(url.scheme?.lowercased() ?? "") ?? true
        let window = windowApplies ? staleWhileRevalidate ?? 0 : 0
        guard cached.response.mayServeStaleWhileRevalidating(at: moment, defaultWindow: window) else {
            return nil
        }
        recorder.update(scheme: url.scheme) { $0.staleServedWhileRevalidating += 1 }
        revalidateInBackground(url, stale: cached.data, at: moment)
        return true
    }

    /// Revalidates `url` (canonical) at the lowest priority, unless it was tried in the last
    /// `BackgroundRevalidations.retryAfter` (a server that is down is not asked on every frame).
    /// `awaited`: `waitForBackgroundRevalidations()` waits for it (a command's stale-while-revalidate
    /// refresh); a revalidation of a source too slow to answer is not awaited — a command would otherwise
    /// wait at exit for the very server it did not wait for.
    func revalidateInBackground(_ url: URL, stale: Data, at moment: Date, awaited: Bool = true) {
        guard revalidations.begin(url.absoluteString, at: moment) else { return }
        recorder.update(scheme: url.scheme) { $0.backgroundRevalidations += 1 }
        let request = LoadRequest(url: url, cachePolicy: .reloadRevalidatingCache, priority: .veryLow)
        let waited = awaited ? backgroundRevalidations : nil
        waited?.begin()
        _ = load(request, follows: nil, progress: nil) { [revalidations] result in
            defer { waited?.end() }
            guard case .success(let loaded) = result, !loaded.isStale else { return }
            revalidations.refreshed(loaded.url, changed: loaded.data != stale)
        }
    }
}

/// The background revalidations' bookkeeping: when each key was last tried, and who hears of refreshes.
final class BackgroundRevalidations: Sendable {
    /// A key whose revalidation was started this recently is not started again.
    static let retryAfter: TimeInterval = 10

    private struct State {
        var lastTried: [String: Date] = [:]
        var observers: [UInt64: @Sendable (URL, Bool) -> Void] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())

    /// Whether a revalidation of `key` should start at `moment` (and records that it does).
    func begin(_ key: String, at moment: Date) -> Bool {
        state.withLock { state in
            if let last = state.lastTried[key], moment.timeIntervalSince(last) < Self.retryAfter { return false }
            if state.lastTried.count > 10_000 { state.lastTried = [:] }  // bounded: forgetting only allows a retry
            state.lastTried[key] = moment
            return true
        }
    }

    func refreshed(_ url: URL, changed: Bool) {
        let observers = state.withLock { state in
            state.lastTried[url.absoluteString] = nil
            return Array(state.observers.values)
        }
        for observer in observers { observer(url, changed) }
    }

    func addObserver(_ observer: @escaping @Sendable (URL, Bool) -> Void) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.observers[state.nextID] = observer
            return state.nextID
        }
    }

    func removeObserver(_ id: UInt64) {
        _ = state.withLock { $0.observers.removeValue(forKey: id) }
    }
}
