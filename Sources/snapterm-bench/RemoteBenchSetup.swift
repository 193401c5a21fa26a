// RemoteBenchSetup: the remote list's benchmark — web pictures made from the shipped photos, served
// by a loopback server with the command line's latency, jitter and bandwidth.
import Foundation
import ScrollBench
import Thumbnails

extension ScrollBenchSetup {
    /// A benchmark over a conversation of `rows + 100` web pictures (enough grid rows when the grid runs
    /// too; the real HTTP handler, thumbnail stage and encoder), with its server's counts in each result.
    @MainActor
    static func remoteBenchmark(_ parsed: SnaptermBench.ScrollCommand.Parsed, options: Options) async throws -> ScrollBenchmark {
        let folder = try BenchEnvironment.dataDirectory.appendingPathComponent("photos")
        let sources = ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
            .filter { ["jpg", "jpeg"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let started = ContinuousClock.now
        let corpus = try WebPhotoCorpus(sources: sources, count: parsed.remotePictures)
        let sizes = corpus.photos.map { $0.data.count / 1024 }.sorted()
        let widths = corpus.photos.map(\.width)
        BenchConsole.info("remote: \(corpus.photos.count) web pictures from \(sources.count) photos in \(folder.path) "
            + "(\(widths.min() ?? 0)–\(widths.max() ?? 0) px wide, \(sizes.first ?? 0)/\(sizes[sizes.count / 2])/\(sizes.last ?? 0) KB "
            + "min/median/max), made in \(ContinuousClock.now - started)")
        let perGridRow = max(1, (parsed.setup.columns + 2) / (parsed.setup.thumbnailColumns + 2))
        let rows = parsed.lists.contains(.remoteGrid) ? (parsed.rows + 20) * perGridRow : parsed.rows + 100
        let server = try await RemotePictureServer(corpus: corpus, rows: rows, conditions: parsed.network)
        let network = parsed.network
        BenchConsole.info("remote: \(server.rows) URLs on \(server.url(row: 0).host ?? ""):\(server.server.port) "
            + "(\(network.http2 ? "https, HTTP/2" : "http, HTTP/1.1")); latency "
            + "\(network.latencyMilliseconds) ms, jitter ≤ \(network.jitterMilliseconds) ms, bandwidth "
            + (network.bandwidthKilobitsPerSecond.map { "\($0) kbit/s per connection" } ?? "unlimited"))
        let benchmark = ScrollBenchmark(setup: parsed.setup) { directory in
            try server.makeState(diskDirectory: directory, graphics: options.graphics, cellSize: options.cellSize,
                                 encoder: ThumbnailEncoder())
        }
        benchmark.network = server
        return benchmark
    }
}
