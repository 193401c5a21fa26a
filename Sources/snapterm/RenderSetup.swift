// RenderSetup: what `snapterm render` works with — capabilities, the cell box, and the loader.
import Foundation
import SchemeLoader
import TerminalGraphics
import Thumbnails

/// Capabilities, box and loaders for one `render` run.
struct RenderSetup {
    let capabilities: TerminalCapabilities
    let box: ThumbnailBox
    let encoder: ThumbnailEncoder
    /// Loads the pictures themselves (http, file, …) and their `thumb://` URLs: pictures encoded for the box,
    /// cached in memory and (sixel) on disk.
    let loader: SchemeLoader
    /// Reports of encodes done in this run, for `--stats`.
    let reports: ReportBox
    /// The URL of the bytes read from standard input (`-`), when asked for.
    let standardInput: URL?
    /// Whether animations play: a terminal on standard output, no `--output` or `--place`, not turned off.
    let animates: Bool
    /// The queried terminal, when its DA1 reply did not come in time: read until it does, at the end.
    let lateReplies: LateReplies?

    /// The variable lf's direct-mode recipe sets (contrib/lf): the terminal belongs to lf, not to us.
    static let previewTerminalVariable = "SNAPTERM_PREVIEW_TTY"

    init(command: Snapterm.Render, environment: AppEnvironment, namedFiles: [URL] = [], schemes: Set<String>? = nil,
         standardInput input: StandardInputHandler? = nil) throws {
        let forced: GraphicsMode? = command.format == .auto ? nil : GraphicsMode(rawValue: command.format.rawValue)
        // Ask the terminal only when the picture goes to it, and never a terminal another program owns:
        // a previewer (--place, lf's preview variable) or a given --format writes no query at all.
        var window: WindowSize?
        var terminal: DeviceTerminal?
        if command.output == nil, Console.stdoutIsTerminal {
            if Self.mayQuery(command, environment: environment.variables) {
                terminal = try? DeviceTerminal()
                window = terminal?.windowSize()
            } else {
                window = DeviceTerminal.windowSize(of: STDOUT_FILENO)
            }
        }
        let asked = ContinuousClock.now
        var detected = try TerminalCapabilities.detect(environment: environment.variables, terminal: terminal,
                                                       window: window, forced: forced)
        // A reply still to come is read before exiting (bounded), with the terminal kept from echoing it.
        if detected.repliesMayArriveLate, let terminal {
            lateReplies = LateReplies(terminal: terminal, deadline: asked + LateReplies.defaultLimit)
        } else {
            lateReplies = nil
            terminal?.close()
        }
        // kitty answering through tmux passthrough: `render` has no placeholder output, so text art as before.
        if detected.usesKittyPlaceholders { detected = detected.withoutKittyGraphics() }
        capabilities = detected
        let cell = command.cellSize.flatMap(Self.parseCellSize) ?? detected.cellSize
        let columns = command.cols ?? window.map { min(ThumbnailBox.cellRange.upperBound, max(1, $0.columns)) } ?? 40
        let rows = command.rows ?? window.map { min(ThumbnailBox.cellRange.upperBound, max(1, $0.rows - 2)) } ?? 24
        box = ThumbnailBox(columns: columns, rows: rows, cellWidth: cell.width, cellHeight: cell.height,
                           mode: detected.mode, palette: command.palette, colors: command.colors ?? detected.colorDepth)
        encoder = ThumbnailEncoder()
        animates = command.output == nil && command.place == nil && !command.noAnimate && environment.animates && Console.stdoutIsTerminal
        standardInput = input?.url
        let reports = ReportBox()
        self.reports = reports
        loader = try environment.makeLoader(for: .command, namedFiles: namedFiles, extra: input.map { [$0] } ?? [], schemes: schemes,
                                            encoder: encoder, thumbnailObserver: { reports.put($0) })
    }

    func shutdown() async {
        // A terminal that answered the queries late would type its reply into the shell: read it first.
        lateReplies?.drain()
        // A stale copy served under its stale-while-revalidate is refreshed before the command exits.
        await loader.waitForBackgroundRevalidations()
        await loader.shutdown()
    }

    /// Whether `render` may ask the terminal: only in auto mode and when it is not a previewer's.
    static func mayQuery(_ command: Snapterm.Render, environment: [String: String]) -> Bool {
        command.format == .auto && command.place == nil && (environment[previewTerminalVariable] ?? "").isEmpty
    }

    /// "8x16" → 8×16 pixels.
    static func parseCellSize(_ text: String) -> CellSize? {
        let parts = text.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { return nil }
        return CellSize(reportedWidth: parts[0], height: parts[1])
    }
}

/// Thumbnail reports by URL, written by the handler's task and read by the command.
final class ReportBox: Sendable {
    private let reports = Locked<[URL: ThumbnailReport]>([:])

    func put(_ report: ThumbnailReport) { reports.withLock { $0[report.url] = report } }
    func take(_ url: URL) -> ThumbnailReport? { reports.withLock { $0.removeValue(forKey: url) } }
}
