// Fetch: `snapterm fetch URL…` — load any URL or file through the shared loader and write its bytes.
import ArgumentParser
import Foundation
import SchemeLoader
import TerminalGraphics

extension Snapterm {
    /// Loads URLs of any registered scheme and writes the bytes, like curl for every scheme.
    struct Fetch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fetch",
            abstract: "Load URLs through the shared loader and write their bytes.",
            discussion: """
                A plain path is read wherever it is (you named it); - reads standard input. \
                Schemes: http, https, file (inside the allowed folders), asset (the photo gallery, with edits), \
                map (offline map snapshots, PNG; --tiles draws from other MBTiles or PMTiles archives, extra OpenMapTiles files in $SNAPTERM_MAP_TILES), \
                mxc (Matrix media as the logged-in account; ?width=W&height=H: the server's thumbnail covering that box). \
                Bytes go to standard output, or to FILE with -o. To a terminal, only text is written, with C1 \
                and bidirectional control characters shown as <U+XXXX> (--force writes the raw bytes); a \
                file or pipe always gets the raw bytes.
                """)

        @Argument(help: "The URLs or paths to load (- for standard input).")
        var urls: [String]

        @Option(name: .shortAndLong, help: "Write the bytes to FILE instead of standard output (one URL only).")
        var output: String?

        @Flag(help: "Print where each result came from and how long each stage took (to standard error).")
        var stats = false

        @Flag(help: "Ignore cached copies (the result still refreshes the caches).")
        var reload = false

        @Flag(help: "Write binary data to a terminal anyway.")
        var force = false

        @Flag(help: "Download nothing: answer from the caches only, stale copies included (also SNAPTERM_OFFLINE=1).")
        var offline = false

        @OptionGroup var tiles: TilesOption

        func validate() throws {
            if output != nil, urls.count != 1 { throw ValidationError("-o/--output takes exactly one URL") }
        }

        func run() async throws {
            let sources = CommandLineSource.parse(urls)
            let input: StandardInputHandler?
            let loader: SchemeLoader
            do {
                input = sources.contains(.standardInput) ? try StandardInputHandler.read() : nil
                loader = try await tiles.apply(to: AppEnvironment().setting("SNAPTERM_OFFLINE", to: offline ? "1" : nil))
                    .makeLoader(for: .command, namedFiles: CommandLineSource.namedFiles(sources),
                                extra: input.map { [$0] } ?? [], schemes: CommandLineSource.schemes(sources))
            } catch {
                Console.error("snapterm: \(error)")
                throw ExitCode.failure
            }
            let policy: CachePolicy = reload ? .reloadIgnoringCache : .useCache
            // Every URL loads at once (a web server's latency overlaps, within the loader's per-host limit);
            // each is written, in the order given, as soon as those before it are.
            var failed = false
            _ = await InOrder.run(count: sources.count) { index in
                guard let url = sources[index].url(standardInput: input?.url) else { throw LoadError.malformedURL(urls[index]) }
                return try await loader.data(for: url, cachePolicy: policy)
            } emit: { index, outcome in
                do {
                    try write(outcome.get())
                } catch {
                    Console.error("snapterm: \(CommandLineSource.shown(urls[index])): \(error)\(CommandLineSource.hint(for: error))")
                    failed = true
                }
            }
            // A stale copy served under its stale-while-revalidate is refreshed before the command exits.
            await loader.waitForBackgroundRevalidations()
            await loader.shutdown()
            if failed { throw ExitCode.failure }
        }

        private func write(_ result: LoadResult) throws {
            if stats { Console.info(StatsLine.describe(result)) }
            if let output {
                try OutputFile.write(result.data, to: output)
            } else if Console.stdoutIsTerminal, !force {
                // To a terminal: text only, with C1 and bidirectional controls made visible (a
                // fetched page must not drive the terminal or reorder what the user reads).
                guard let text = result.data.printableText else {
                    throw ValidationError("refusing to write \(result.data.count) bytes of binary data to the terminal; use -o FILE or --force")
                }
                Console.writeOut(Data(SafeText.visible(text, keepingLineBreaks: true).utf8))
            } else {
                Console.writeOut(result.data)
            }
        }
    }
}

/// One line describing a load, for `--stats`.
enum StatsLine {
    static func describe(_ result: LoadResult) -> String {
        func ms(_ duration: Duration?) -> String {
            guard let duration else { return "-" }
            return String(format: "%.2fms", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
        }
        let metrics = result.metrics
        return "source=\(result.source) bytes=\(result.data.count) type=\(result.response.mimeType ?? "-") "
            + "total=\(ms(metrics.total)) disk=\(ms(metrics.diskLookup)) queue=\(ms(metrics.queueWait)) "
            + "handler=\(ms(metrics.handler))\(result.wasCoalesced ? " coalesced" : "") url=\(result.url.absoluteString)"
    }
}

extension Data {
    /// The bytes as text when they are UTF-8 without C0 control characters other than tab, CR
    /// and LF (C1 and bidirectional controls are allowed here: they are escaped when written).
    fileprivate var printableText: String? {
        guard let text = String(data: self, encoding: .utf8),
              !text.unicodeScalars.contains(where: { $0.value < 0x20 && !"\t\r\n".unicodeScalars.contains($0) || $0.value == 0x7F })
        else { return nil }
        return text
    }
}
