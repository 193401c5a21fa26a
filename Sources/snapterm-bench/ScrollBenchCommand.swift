// ScrollBenchCommand: `snapterm-bench scroll` — white spots, frame time and terminal bytes while scrolling.
import ArgumentParser
import Foundation
import ScrollBench
import SnaptermUI
import TerminalGraphics

extension SnaptermBench {
    /// Runs the headless scroll benchmark over modes × speeds and prints a table or JSON.
    struct ScrollCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "scroll",
            abstract: "Scroll the places list headlessly; measure white spots, frame time, terminal bytes and loader work.",
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

        @Option(help: "Terminal size, COLUMNSxROWS.")
        var terminal = "100x40"

        @Option(help: "Graphics mode: sixel or symbols.")
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
            guard let mode = GraphicsMode(rawValue: graphics), mode != .ascii else { throw ValidationError("--graphics: sixel or symbols") }
            guard rows > 0 else { throw ValidationError("--rows must be positive") }
            var setup = ScrollBenchmark.Setup()
            setup.columns = size[0]
            setup.rows = size[1]
            return Parsed(rows: rows, speeds: speedList, modes: modeList, backAndForth: backAndForth, setup: setup,
                          graphics: mode, mapCost: standInMapCostMs.map { .milliseconds($0) })
        }

        /// The checked options.
        struct Parsed: Sendable {
            var rows: Int, speeds: [Double], modes: [ScrollBenchMode], backAndForth: Double
            var setup: ScrollBenchmark.Setup, graphics: GraphicsMode, mapCost: Duration?
        }

        @MainActor
        static func execute(_ parsed: Parsed, json: Bool) async throws {
            let (places, placeSource) = ScrollBenchSetup.places(assets: BenchEnvironment.assetsDirectory, minimum: parsed.rows + 100)
            let options = ScrollBenchSetup.Options(graphics: parsed.graphics, cellSize: (8, 16), mapCost: parsed.mapCost, places: places)
            BenchConsole.info("snapterm-bench scroll: \(ScrollBenchSetup.handlerDescription(options))")
            BenchConsole.info("places: \(placeSource); terminal \(parsed.setup.columns)x\(parsed.setup.rows), graphics \(parsed.graphics.rawValue)")
            let benchmark = ScrollBenchmark(setup: parsed.setup) { directory in
                try ScrollBenchSetup.makeState(options, diskDirectory: directory)
            }
            var scripts = parsed.speeds.map { ScrollScript(pattern: .down, rows: parsed.rows, rowsPerSecond: $0) }
            if parsed.backAndForth > 0 {
                scripts.append(ScrollScript(pattern: .backAndForth(forward: 40, back: 25), rows: parsed.rows, rowsPerSecond: parsed.backAndForth))
            }
            var results: [ScrollBenchResult] = []
            for mode in parsed.modes {
                for script in scripts {
                    BenchConsole.info("running \(mode.rawValue), \(script.pattern.name) at \(script.rowsPerSecond.map { "\($0)" } ?? "lockstep") rows/s…")
                    results.append(try await benchmark.run(mode: mode, script: script))
                }
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                BenchConsole.writeOut(try encoder.encode(results) + Data("\n".utf8))
            } else {
                BenchConsole.writeOut(Data(ScrollBenchTable.render(results).utf8))
            }
        }
    }
}
