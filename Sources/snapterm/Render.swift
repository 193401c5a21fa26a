// Render: `snapterm render PICTURE…` — show files, URLs or stdin in the terminal (kitty, iTerm2, sixel or text art), through the cached thumb:// stage.
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
    /// Prints pictures named by path, URL or `-`, like img2sixel or chafa; encoded output is cached.
    struct Render: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "render",
            abstract: "Show pictures in the terminal (kitty, iTerm2, sixel or text art): paths, URLs, or - for standard input.",
            discussion: """
                A plain path is read wherever it is (you named it); a URL is any the loader supports (http, https, \
                file inside the allowed folders, asset, map, and mxc once logged in). Pictures may be JPEG, PNG, GIF, WebP, HEIC, AVIF, JPEG XL, \
                TIFF or BMP, told by their content, never their name. Several pictures are rendered at once and printed in order. \
                --format auto asks the terminal (kitty graphics query, DA1) and the environment (TERM, TERM_PROGRAM, \
                COLORTERM, NO_COLOR, SNAPTERM_GRAPHICS=kitty|iterm|sixel|symbols|ascii). Encoded pictures are cached \
                (memory; disk for kitty, iterm and sixel) under the URL, box, format and palette.
                """)

        /// `auto` or a forced graphics mode.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case auto, kitty, iterm, sixel, symbols, ascii
        }

        @Argument(help: "The pictures: paths, URLs, or - for standard input.")
        var urls: [String]

        @Option(help: "Width of the box in terminal cells (default: the window's width, else 40; the picture keeps its aspect).")
        var cols: Int?

        @Option(help: "Height of the box in terminal cells (default: the window's height less 2, else 24).")
        var rows: Int?

        @Option(help: "auto, kitty, iterm, sixel, symbols or ascii.")
        var format: Format = .auto

        @Option(help: "Sixel palette: auto (the picture's own, at every size), adaptive (the same) or fixed (xterm's 256 colours).")
        var palette: SixelPalette = .auto

        @Option(help: "Colours of symbol art: truecolor, 256, 16, 8 or none (default: TERM's terminfo colours, COLORTERM).")
        var colors: ColorDepth?

        @Option(help: "Cell size in pixels, WxH (default: detected, else 8x16).")
        var cellSize: String?

        @Flag(help: "Print the terminal's capabilities, where each picture came from and how long each stage took (to standard error).")
        var stats = false

        @Flag(help: "Ignore cached copies (the result still refreshes the caches).")
        var reload = false

        @Flag(help: "Download nothing: show web pictures from the caches only, stale copies included (also SNAPTERM_OFFLINE=1).")
        var offline = false

        @OptionGroup var tiles: TilesOption

        @Option(name: .shortAndLong, help: "Write the scaled picture as PNG to FILE instead of terminal bytes (one URL only).")
        var output: String?

        @Flag(help: "Show an animated GIF or WebP as its first frame only (also SNAPTERM_ANIMATE=0).")
        var noAnimate = false

        @Option(help: "Stop an animation snapterm plays itself (sixel, iTerm2, text art) SECONDS after its first frame is drawn; by default a key, Ctrl-C or the file's loop count stops it.")
        var duration: Double?

        @Option(help: "Draw at zero-based cell COLxROW (e.g. 40x2) and put the cursor back where it was; several pictures go one below the other.")
        var place: String?

        func validate() throws {
            if output != nil, urls.count != 1 { throw ValidationError("--output takes exactly one URL") }
            let cells = ThumbnailBox.cellRange
            if let cols, !cells.contains(cols) { throw ValidationError("--cols must be in \(cells.lowerBound)…\(cells.upperBound)") }
            if let rows, !cells.contains(rows) { throw ValidationError("--rows must be in \(cells.lowerBound)…\(cells.upperBound)") }
            if let cellSize, RenderSetup.parseCellSize(cellSize) == nil { throw ValidationError("--cell-size must look like 8x16") }
            if let place, CellPlace(place) == nil { throw ValidationError("--place must look like COLxROW, e.g. 40x2") }
            if place != nil, output != nil { throw ValidationError("--place and --output exclude each other") }
            if let duration, !(duration > 0 && duration <= 86_400) { throw ValidationError("--duration must be in 0…86400 seconds (more than 0)") }
        }

        func run() async throws {
            let sources = CommandLineSource.parse(urls)
            let setup: RenderSetup
            do {
                let input = sources.contains(.standardInput) ? try StandardInputHandler.read() : nil
                let environment = try await tiles.apply(to: AppEnvironment().setting("SNAPTERM_OFFLINE", to: offline ? "1" : nil))
                setup = try RenderSetup(command: self, environment: environment,
                                        namedFiles: CommandLineSource.namedFiles(sources),
                                        schemes: CommandLineSource.schemes(sources), standardInput: input)
            } catch {
                Console.error("snapterm: \(error)")
                throw ExitCode.failure
            }
            if stats { Console.info("terminal: \(setup.capabilities.summary)") }
            let origin = place.flatMap(CellPlace.init)
            var animations: [RenderedAnimation] = []
            // Every picture is rendered at once; each is printed, in the order given, as soon as those before it are.
            let failed = await InOrder.run(count: sources.count) { index in
                let placed = origin.map { CellPlace(column: $0.column, row: $0.row + index * setup.box.rows) }
                return try await render(sources[index], with: setup, at: placed, loops: sources.count == 1)
            } emit: { index, outcome in
                switch outcome {
                case .success(let rendered):
                    rendered.notes.forEach(Console.info)
                    // The whole picture is built first and written in one call: never a half-written sequence.
                    if let bytes = rendered.bytes { Console.writeOut(bytes) }
                    if let animation = rendered.animation { animations.append(animation) }
                case .failure(let error):
                    Console.error("snapterm: \(sources[index].shownName(urls[index])): \(error)\(CommandLineSource.hint(for: error))")
                }
            }
            if !animations.isEmpty { setup.lateReplies?.drain() }  // a late reply is not a key that stops an animation
            for animation in animations {
                let shown = await animation.finish(duration: duration.map { Duration.milliseconds(Int($0 * 1000)) })
                if stats { Console.info(shown) }
            }
            await setup.shutdown()
            if failed { throw ExitCode.failure }
        }

        private func render(_ named: CommandLineSource, with setup: RenderSetup, at place: CellPlace?, loops: Bool) async throws -> Rendered {
            guard let source = named.url(standardInput: setup.standardInput) else { throw LoadError.malformedURL("-") }
            let policy: CachePolicy = reload ? .reloadIgnoringCache : .useCache
            if setup.animates, let animated = try await animated(named, source, with: setup, policy: policy, loops: loops) {
                return animated
            }
            if let output {
                let loaded = try await setup.loader.data(for: source, cachePolicy: policy)
                let scaled = try setup.encoder.bitmap(loaded.data, for: setup.box)
                let png = try setup.encoder.processor.encode(scaled.bitmap, as: .png)
                try OutputFile.write(png, to: output)
                return Rendered(bytes: nil, notes: stats ? [StatsLine.describe(loaded) + " wrote=\(scaled.bitmap.width)x\(scaled.bitmap.height)"] : [])
            }
            let thumbnail = ThumbnailURL(source: source, box: setup.box).url
            let result = try await setup.loader.data(for: thumbnail, cachePolicy: policy)
            guard let picture = TerminalPicture(encoded: result.data) else {
                throw RenderFailure.damagedCacheEntry(thumbnail.absoluteString)
            }
            var notes: [String] = []
            if result.isStale {
                notes.append("drew a cached copy of \(URLCanonicalizer.redacted(source)); it may be out of date (its server was not asked, or did not answer in time)")
            }
            if stats {
                notes.append(StatsLine.describe(result))
                if result.source == .handler, let report = setup.reports.take(result.url) { notes.append(RenderStats.describe(report)) }
            }
            return Rendered(bytes: RenderOutput.bytes(for: picture, at: place, in: setup.box), notes: notes)
        }
    }
}

/// One rendered picture: its terminal bytes (none with `--output`; an animation's first frame), its `--stats`
/// lines, and the animation `render` goes on with once every picture is out.
struct Rendered: Sendable {
    var bytes: Data?
    var notes: [String]
    var animation: RenderedAnimation?
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

/// Terminal bytes of a picture: a sixel, kitty or iTerm2 image and a newline, or lines of text art; with a
/// place, drawn there (each text line moved to its row) between a cursor save and restore, with no newline — a
/// kitty or sixel picture smaller than the `box` centred in it, as the app does.
enum RenderOutput {
    static func bytes(for picture: TerminalPicture, at place: CellPlace? = nil, in box: ThumbnailBox? = nil) -> Data {
        guard var place else {
            if case .text = picture { return TerminalLayer.draw(picture, lineEnd: "\n") { _ in "" } }
            return TerminalLayer.draw(picture) { _ in "" } + Data("\n".utf8)
        }
        if let box, let cells = coveredCells(picture, box: box) {
            place = CellPlace(column: place.column + max(0, box.columns - cells.columns) / 2,
                              row: place.row + max(0, box.rows - cells.rows) / 2)
        }
        return TerminalLayer.keepingCursor(TerminalLayer.draw(picture, row: place.row, column: place.column)
                                           + Data(EscapeSequence.resetAttributes.utf8))
    }

    /// The cells a kitty or sixel picture covers in `box`'s cells; nil for text art (which fills its lines).
    static func coveredCells(_ picture: TerminalPicture, box: ThumbnailBox) -> (columns: Int, rows: Int)? {
        switch picture {
        case .kitty(_, let columns, let rows): (columns, rows)
        case .sixel(let data): SixelRaster.cells(of: data, cellWidth: box.cellWidth, cellHeight: box.cellHeight)
        case .iterm, .text: nil
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
