// Render: `snapterm render URL…` — show any URL in the terminal as sixel or text art, through the cached thumb:// stage.
import ArgumentParser
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import Thumbnails

extension GraphicsMode: ExpressibleByArgument {}
extension SixelPalette: ExpressibleByArgument {}
extension ColorDepth: ExpressibleByArgument {}

extension Snapterm {
    /// Prints pictures addressed by URL, like img2sixel or chafa; encoded output is cached.
    struct Render: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show pictures in the terminal as sixel or text art, addressed by URL.",
            discussion: """
                Any URL the loader supports (http, https, file, …). --format auto asks the terminal (DA1) \
                and the environment (TERM, COLORTERM, NO_COLOR, SNAPTERM_GRAPHICS=sixel|symbols|ascii). \
                Encoded pictures are cached (memory; disk for sixel) under the URL, box, format and palette.
                """)

        /// `auto` or a forced graphics mode.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case auto, sixel, symbols, ascii
        }

        @Argument(help: "The URLs of the pictures.")
        var urls: [String]

        @Option(help: "Width of the box in terminal cells (default: the window's width up to 80, else 40).")
        var cols: Int?

        @Option(help: "Height of the box in terminal cells (default: the window's height less 2, else 24).")
        var rows: Int?

        @Option(help: "auto, sixel, symbols or ascii.")
        var format: Format = .auto

        @Option(help: "Sixel palette: auto (adaptive for small pictures, fixed for large), adaptive or fixed.")
        var palette: SixelPalette = .auto

        @Option(help: "Colours of symbol art: truecolor, 256, 16 or none (default: detected).")
        var colors: ColorDepth?

        @Option(help: "Cell size in pixels, WxH (default: detected, else 8x16).")
        var cellSize: String?

        @Flag(help: "Print the terminal's capabilities, where each picture came from and how long each stage took (to standard error).")
        var stats = false

        @Flag(help: "Ignore cached copies (the result still refreshes the caches).")
        var reload = false

        @Option(name: .shortAndLong, help: "Write the scaled picture as PNG to FILE instead of terminal bytes (one URL only).")
        var output: String?

        func validate() throws {
            if output != nil, urls.count != 1 { throw ValidationError("--output takes exactly one URL") }
            let cells = ThumbnailBox.cellRange
            if let cols, !cells.contains(cols) { throw ValidationError("--cols must be in \(cells.lowerBound)…\(cells.upperBound)") }
            if let rows, !cells.contains(rows) { throw ValidationError("--rows must be in \(cells.lowerBound)…\(cells.upperBound)") }
            if let cellSize, RenderSetup.parseCellSize(cellSize) == nil { throw ValidationError("--cell-size must look like 8x16") }
        }

        func run() async throws {
            let setup: RenderSetup
            do {
                setup = try RenderSetup(command: self, environment: AppEnvironment())
            } catch {
                Console.error("snapterm: \(error)")
                throw ExitCode.failure
            }
            if stats { Console.info("terminal: \(setup.capabilities.summary)") }
            var failed = false
            for text in urls {
                do {
                    try await render(text, with: setup)
                } catch {
                    Console.error("snapterm: \(text): \(error)")
                    failed = true
                }
            }
            await setup.shutdown()
            if failed { throw ExitCode.failure }
        }

        private func render(_ text: String, with setup: RenderSetup) async throws {
            guard let source = URL(string: text), source.scheme != nil else { throw LoadError.malformedURL(text) }
            let policy: CachePolicy = reload ? .reloadIgnoringCache : .useCache
            if let output {
                let loaded = try await setup.pictures.data(for: source, cachePolicy: policy)
                let scaled = try setup.encoder.bitmap(loaded.data, for: setup.box)
                let png = try setup.encoder.processor.encode(scaled.bitmap, as: .png)
                try png.write(to: URL(fileURLWithPath: output), options: .atomic)
                if stats { Console.info(StatsLine.describe(loaded) + " wrote=\(scaled.bitmap.width)x\(scaled.bitmap.height)") }
                return
            }
            let thumbnail = ThumbnailURL(source: source, box: setup.box).url
            let result = try await setup.thumbnails.data(for: thumbnail, cachePolicy: policy)
            guard let picture = TerminalPicture(encoded: result.data) else {
                throw RenderFailure.damagedCacheEntry(thumbnail.absoluteString)
            }
            if stats {
                Console.info(StatsLine.describe(result))
                if result.source == .handler, let report = setup.reports.take(result.url) { Console.info(RenderStats.describe(report)) }
            }
            // The whole picture is built first and written in one call: never a half-written sequence.
            Console.writeOut(RenderOutput.bytes(for: picture))
        }
    }
}

/// Why `render` failed outside the loader and Imaging.
enum RenderFailure: Error, CustomStringConvertible {
    case damagedCacheEntry(String)

    var description: String {
        switch self {
        case .damagedCacheEntry(let url): "the cached picture for \(url) is damaged; run again with --reload"
        }
    }
}

/// Terminal bytes of a picture: a sixel image and a newline, or lines of text art.
enum RenderOutput {
    static func bytes(for picture: TerminalPicture) -> Data {
        switch picture {
        case .sixel(let data): return data + Data("\n".utf8)
        case .text(let lines): return lines.reduce(into: Data()) { $0 += $1 + Data("\n".utf8) }
        }
    }
}

/// The `--stats` line of a thumbnail encode.
enum RenderStats {
    static func describe(_ report: ThumbnailReport) -> String {
        func ms(_ duration: Duration?) -> String {
            guard let duration else { return "-" }
            return String(format: "%.2fms", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
        }
        return "picture source=\(report.sourceSource) bytes=\(report.sourceBytes) load=\(ms(report.sourceMetrics.total)) "
            + "decode+scale=\(ms(report.times.decode)) encode=\(ms(report.times.encode)) encoded=\(report.encodedBytes)"
    }
}
