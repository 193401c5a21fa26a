// ScrollBenchCommand: `snapterm-bench scroll` — white spots, frame time and terminal bytes while scrolling.
import ArgumentParser
import Foundation
import MapSnapshots
import ScrollBench
import SnaptermUI
import TerminalGraphics

extension SnaptermBench {
    /// Runs the headless scroll benchmark over modes × speeds and prints a table or JSON.
    struct ScrollCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "scroll",
            abstract: "Scroll a list headlessly (places, a conversation, web pictures); measure white spots, frame time, terminal bytes and loader work.",
            discussion: """
                Runs the real app loop, list view, image cells and loaders against a virtual terminal that parses \
                every byte. Speeds are in rows per second (real time). Modes: \
                \(ScrollBenchMode.allCases.map(\.rawValue).joined(separator: ", ")).
                """)

        @Option(help: "Rows (keys) per run.")
        var rows = 500

        @Option(help: "Speeds in rows per second, comma-separated.")
        var speeds = "10,30,60"

        @Option(help: "Modes, comma-separated (\(ScrollBenchMode.allCases.map(\.rawValue).joined(separator: ","))).")
        var modes = ScrollBenchMode.allCases.map(\.rawValue).joined(separator: ",")

        @Option(help: "Speed of the back-and-forth run (40 rows down, 25 up, repeated); 0 to skip it.")
        var backAndForth: Double = 30

        @Option(help: "Lists to scroll, comma-separated: places (map snapshots), conversation (asset:// photos), remote (web pictures from a loopback server, one per row), remote-grid (the same as a gallery grid; rows/s are grid rows), folder (the folder gallery of --folder; rows/s are grid rows).")
        var lists = "places"

        @Option(help: "Remote list: the server's wait before each answer, in milliseconds.")
        var latencyMs = 0

        @Option(help: "Remote list: each connection's body rate in kilobits per second (default: loopback speed).")
        var bandwidthKbps: Int?

        @Option(help: "Remote list: the most random extra wait per request, in milliseconds (seeded, repeatable).")
        var jitterMs = 0

        @Option(help: "Remote list: distinct web pictures made from the shipped photos (rows cycle through them, each under its own URL).")
        var remotePictures = 80

        @Option(help: "Places list: tiles archives (MBTiles or PMTiles; paths or http(s) URLs of PMTiles, read by range requests), comma-separated, instead of the shipped files.")
        var tiles: String?

        @Option(help: "Folder list: the folder whose pictures the gallery grid shows (e.g. made by scripts/bench/phone-photos.sh).")
        var folder: String?

        @Flag(help: "Remote list: the messages carry colour sketches of their pictures (as a messenger sends them), drawn while the pictures load.")
        var sketches = false

        @Flag(help: "With --sketches: the messages carry BlurHashes with the pictures' sizes (as Element sends them) instead of colour sketches.")
        var blurhash = false

        @Flag(help: "Remote list: served over https with HTTP/2 (a certificate made for the run) instead of http/1.1.")
        var http2 = false

        @Option(help: "Rows down and up of the back-and-forth run, DOWN/UP (25/25 stays over the same rows: a steady warm scroll).")
        var backAndForthRows = "40/25"

        @Option(help: "Terminal size, COLUMNSxROWS.")
        var terminal = "100x40"

        @Option(help: "Graphics mode: kitty, sixel or symbols.")
        var graphics = "sixel"

        @Option(help: "Use stand-in handlers instead of the real map renderer and encoder: a synthetic snapshot costing this many milliseconds.")
        var standInMapCostMs: Int?

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        func run() async throws {
            let parsed = try parse()
            try await Self.execute(parsed, json: json)
        }

        private func parse() throws -> Parsed {
            let speedList = try speeds.split(separator: ",").map { text -> Double in
                guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value > 0 else {
                    throw ValidationError("--speeds: '\(text)' is not a positive number")
                }
                return value
            }
            let modeList = try modes.split(separator: ",").map { text -> ScrollBenchMode in
                guard let mode = ScrollBenchMode(rawValue: text.trimmingCharacters(in: .whitespaces)) else {
                    throw ValidationError("--modes: unknown mode '\(text)'")
                }
                return mode
            }
            let size = terminal.split(separator: "x").compactMap { Int($0) }
            guard size.count == 2, size[0] >= 40, size[1] >= 10 else { throw ValidationError("--terminal: expected COLUMNSxROWS, at least 40x10") }
            guard let mode = GraphicsMode(rawValue: graphics), [.kitty, .sixel, .symbols].contains(mode) else {
                throw ValidationError("--graphics: kitty, sixel or symbols")
            }
            guard rows > 0 else { throw ValidationError("--rows must be positive") }
            let listKinds = try lists.split(separator: ",").map { text -> ScrollBenchList in
                guard let kind = ScrollBenchList(rawValue: text.trimmingCharacters(in: .whitespaces)) else {
                    throw ValidationError("--lists: unknown list '\(text)' (places, conversation, remote, remote-grid, folder)")
                }
                return kind
            }
            let pattern = backAndForthRows.split(separator: "/").compactMap { Int($0) }
            guard pattern.count == 2, pattern[0] > 0, pattern[1] > 0 else { throw ValidationError("--back-and-forth-rows: expected DOWN/UP, e.g. 40/25") }
            guard latencyMs >= 0, jitterMs >= 0, bandwidthKbps.map({ $0 > 0 }) ?? true, remotePictures > 0 else {
                throw ValidationError("--latency-ms and --jitter-ms must be 0 or more, --bandwidth-kbps and --remote-pictures positive")
            }
            var network = NetworkConditions()
            network.latencyMilliseconds = latencyMs
            network.jitterMilliseconds = jitterMs
            network.bandwidthKilobitsPerSecond = bandwidthKbps
            network.sketches = sketches
            network.blurHashes = blurhash
            network.http2 = http2
            guard !listKinds.contains(.folder) || folder != nil else { throw ValidationError("--lists folder needs --folder DIR") }
            var setup = ScrollBenchmark.Setup()
            setup.columns = size[0]
            setup.rows = size[1]
            return Parsed(rows: rows, speeds: speedList, modes: modeList, lists: listKinds, backAndForth: backAndForth,
                          backAndForthRows: (pattern[0], pattern[1]), setup: setup,
                          graphics: mode, mapCost: standInMapCostMs.map { .milliseconds($0) }, network: network,
                          remotePictures: remotePictures, folder: folder.map { URL(fileURLWithPath: $0) },
                          tiles: tiles.map(Self.tileLocations))
        }

        /// The checked options.
        struct Parsed: Sendable {
            var rows: Int, speeds: [Double], modes: [ScrollBenchMode], lists: [ScrollBenchList], backAndForth: Double
            var backAndForthRows: (forward: Int, back: Int) = (40, 25)
            var setup: ScrollBenchmark.Setup, graphics: GraphicsMode, mapCost: Duration?
            var network = NetworkConditions(), remotePictures = 80
            var folder: URL?
            var tiles: [URL]?
        }

        /// Comma-separated archives: an http(s) URL as it is, anything else a path.
        static func tileLocations(_ list: String) -> [URL] {
            list.split(separator: ",").map { item in
                let text = String(item)
                if let url = URL(string: text), TileArchiveOpener.isRemote(url) { return url }
                return URL(fileURLWithPath: text)
            }
        }

        @MainActor
        static func execute(_ parsed: Parsed, json: Bool) async throws {
            let (places, placeSource) = ScrollBenchSetup.places(assets: try BenchEnvironment.dataDirectory, minimum: parsed.rows + 100)
            var options = ScrollBenchSetup.Options(graphics: parsed.graphics, cellSize: (8, 16), mapCost: parsed.mapCost, places: places)
            options.folder = parsed.folder
            options.tiles = parsed.tiles
            if parsed.lists.contains(.conversation) {
                options.photos = try BenchEnvironment.photoLibrary()
                options.conversationRows = parsed.rows + 100
            }
            BenchConsole.info("snapterm-bench scroll: \(ScrollBenchSetup.handlerDescription(options))")
            BenchConsole.info("places: \(placeSource); terminal \(parsed.setup.columns)x\(parsed.setup.rows), graphics \(parsed.graphics.rawValue)")
            let benchmark = ScrollBenchmark(setup: parsed.setup) { directory in
                try ScrollBenchSetup.makeState(options, diskDirectory: directory)
            }
            benchmark.folder = parsed.folder
            let remote = parsed.lists.contains(where: \.isRemote) ? try await ScrollBenchSetup.remoteBenchmark(parsed, options: options) : nil
            var scripts = parsed.speeds.map { ScrollScript(pattern: .down, rows: parsed.rows, rowsPerSecond: $0) }
            if parsed.backAndForth > 0 {
                scripts.append(ScrollScript(pattern: .backAndForth(forward: parsed.backAndForthRows.forward, back: parsed.backAndForthRows.back),
                                           rows: parsed.rows, rowsPerSecond: parsed.backAndForth))
            }
            var results: [ScrollBenchResult] = []
            for list in parsed.lists {
                for mode in parsed.modes {
                    for script in scripts {
                        BenchConsole.info("running \(list.rawValue), \(mode.rawValue), \(script.pattern.name) at \(script.rowsPerSecond.map { "\($0)" } ?? "lockstep") rows/s…")
                        results.append(try await (list.isRemote ? remote ?? benchmark : benchmark).run(mode: mode, script: script, list: list))
                    }
                }
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                BenchConsole.writeOut(try encoder.encode(results) + Data("\n".utf8))
            } else {
                BenchConsole.writeOut(Data(ScrollBenchTable.render(results).utf8))
                let remoteResults = results.filter { $0.network != nil }
                if !remoteResults.isEmpty { BenchConsole.writeOut(Data(("\n" + ScrollBenchTable.renderNetwork(remoteResults)).utf8)) }
            }
        }
    }
}
