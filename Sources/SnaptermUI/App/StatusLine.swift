// StatusLine: the cache demo's counters in one line, and the stats panel's lines.
import Foundation
import SchemeLoader
import Thumbnails

@MainActor
enum StatusLine {
    /// `blank 0/7 │ mem 12 disk 3 miss 20 │ flying 2 joined 4 cancelled 7 │ cache on │ ? keys` —
    /// white spots on screen first, then where thumbnails came from, fitting 80 columns.
    static func text(_ state: AppState, blank: (placeholders: Int, cells: Int)) -> String {
        let s = state.loader.statistics(for: ThumbnailURL.scheme)
        return unwritten(state) + connection(state) + "blank \(blank.placeholders)/\(blank.cells) │ mem \(s.memoryHits) disk \(s.diskHits) miss \(s.handlerLoads)"
            + " │ flying \(s.inFlight) joined \(s.coalesced) cancelled \(s.cancelled)"
            + " │ cache \(state.isCachingEnabled ? "on" : "OFF") │ ? keys"
    }

    /// `Matrix: offline — retrying in 4 s │ ` with an account, else nothing.
    static func connection(_ state: AppState) -> String {
        guard let connection = state.connection else { return "" }
        return connection.status(at: Date()) + " │ "
    }

    /// `✗ 2 messages not written: the message database is locked by another process — retrying │ `
    /// while writes wait, else nothing.
    static func unwritten(_ state: AppState) -> String {
        guard let writer = state.messageWriter, case .waiting(let reason) = writer.status else { return "" }
        let count = writer.pending.count
        guard count > 0 else { return "" }
        return "✗ \(count) message write\(count == 1 ? "" : "s") waiting: \(DraftComposer.describe(reason)) — retrying │ "
    }

    /// The stats panel: timings per source, cache sizes, and the loads of thumbnails and of everything else.
    static func panel(_ state: AppState) async -> [String] {
        var lines = ["Load times (recent, median / p95)"]
        let loader = state.loader
        for source in LoadSource.allCases {
            guard let timing = loader.timings(for: source) else { continue }
            lines.append("  from \(source): \(format(timing.median)) / \(format(timing.p95))  (n=\(timing.samples))")
        }
        var line = "  memory cache: \(loader.memoryCache.count) entries, \(loader.memoryCache.totalCost / 1024) KiB"
        if let disk = loader.diskCache {
            let usage = await disk.usage
            line += "; disk: \(usage.count) entries, \(usage.bytes / 1024) KiB"
        }
        lines.append(line)
        let all = loader.statistics, thumbnails = loader.statistics(for: ThumbnailURL.scheme)
        lines.append("Pictures: mem \(all.memoryHits - thumbnails.memoryHits) · disk \(all.diskHits - thumbnails.diskHits) · "
            + "loads \(all.handlerLoads - thumbnails.handlerLoads) · failures \(all.failures - thumbnails.failures)")
        lines.append("Press s or Esc to close.")
        return lines
    }

    static func format(_ duration: Duration) -> String {
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return ms < 1 ? String(format: "%.0f µs", ms * 1000) : String(format: "%.1f ms", ms)
    }
}
