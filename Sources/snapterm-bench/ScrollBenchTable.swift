// ScrollBenchTable: the scroll benchmark's figures as a readable Markdown table.
import Foundation
import ScrollBench

/// Formats scroll benchmark results, one row per mode × script.
enum ScrollBenchTable {
    static let header = ["list", "mode", "scroll", "rows/s", "white %", "preview %", "grid white %", "p50 ms", "p95 ms", "p99 ms", "max ms", "draw p50/p99 ms",
                         "bytes/frame", "total KB", "sent", "re-sent unmoved", "loads", "coalesced", "cancelled",
                         "encodes / for cancelled loads %",
                         "hits mem/disk", "peak RSS MB", "kitty sent/again/placed/deleted", "kitty bytes/frame w/o transmit"]

    static func render(_ results: [ScrollBenchResult]) -> String {
        var lines = ["| " + header.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: header.count)]
        for result in results {
            let grid = result.gridWhiteSpotFrames.map { percent($0, of: result.imageCellFrames) } ?? "-"
            let cells = [
                result.list.rawValue, result.mode.rawValue, result.pattern, result.rowsPerSecond.map { format($0, 0) } ?? "lockstep",
                format(result.whiteSpotPercent, 2), format(result.previewPercent, 2), grid,
                format(result.frameMillisecondsP50, 2), format(result.frameMillisecondsP95, 2),
                format(result.frameMillisecondsP99, 2), format(result.frameMillisecondsMax, 1),
                format(result.drawMillisecondsP50, 2) + "/" + format(result.drawMillisecondsP99, 2),
                format(result.bytesPerFrame, 0), format(Double(result.totalBytes) / 1024, 0),
                "\(result.picturesSent)", "\(result.resentUnmoved)/\(result.resentUnmovedOnWire)",
                "\(result.loads)", "\(result.coalesced)", "\(result.cancelled)", encodes(result),
                "\(result.memoryHits)/\(result.diskHits)", format(Double(result.peakMemoryKiB) / 1024, 0),
                result.kittyTransmitted.map { "\($0)/\(result.kittyRetransmitted ?? 0)/\(result.kittyPlaced ?? 0)/\(result.kittyDeleted ?? 0)" } ?? "-",
                result.kittySteadyBytesPerFrame.map { format($0, 0) } ?? "-",
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let networkHeader = ["list", "mode", "rows/s", "latency ms", "jitter ms", "kbit/s", "white %", "preview %", "first picture ms",
                                "requests", "pictures", "KB", "connections opened/peak/at end", "peak in flight",
                                "cancelled thumb/source", "encodes / for cancelled loads %", "RSS MB at start/run peak"]

    /// The remote list's figures: what the web server counted, beside white and preview shares.
    static func renderNetwork(_ results: [ScrollBenchResult]) -> String {
        var lines = ["| " + networkHeader.joined(separator: " | ") + " |", "|" + String(repeating: "---|", count: networkHeader.count)]
        for result in results {
            guard let network = result.network else { continue }
            let conditions = network.conditions
            let connections: String = "\(network.connectionsOpened)/\(network.peakOpenConnections)/\(network.openConnectionsAtEnd)"
            let speed: String = result.rowsPerSecond.map { format($0, 0) } ?? "lockstep"
            let bandwidth: String = conditions.bandwidthKilobitsPerSecond.map { "\($0)" } ?? "-"
            let first: String = result.firstPictureMilliseconds.map { format($0, 0) } ?? "-"
            let start: String = result.startMemoryKiB.map { format(Double($0) / 1024, 0) } ?? "-"
            let memory: String = start + "/" + (result.runPeakMemoryKiB.map { format(Double($0) / 1024, 0) } ?? "-")
            var cells: [String] = [result.list.rawValue, result.mode.rawValue, speed, "\(conditions.latencyMilliseconds)", "\(conditions.jitterMilliseconds)", bandwidth]
            cells += [format(result.whiteSpotPercent, 2), format(result.previewPercent, 2), first]
            cells += ["\(network.requests)", "\(network.picturesRequested)", format(Double(network.bodyBytes) / 1024, 0)]
            cells += [connections, "\(network.peakRequestsInFlight)", "\(result.cancelled)/\(result.sourceCancelled)", encodes(result), memory]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Encodes run, and the share of them whose load was cancelled before they ended.
    private static func encodes(_ result: ScrollBenchResult) -> String {
        guard let encodes = result.encodes, let share = result.cancelledEncodePercent else { return "-" }
        return "\(encodes) / " + format(share, 1)
    }

    private static func percent(_ part: Int, of whole: Int) -> String {
        format(whole == 0 ? 0 : Double(part) * 100 / Double(whole), 2)
    }

    private static func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
