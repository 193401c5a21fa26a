// ScrollBenchmark: drives the real SnaptermApp over the places list or a conversation with a scripted
// scroll and counts white spots, previews, frame times, terminal bytes and loader work.
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TestSupport
import Thumbnails

/// The headless scroll benchmark.
///
/// The caller supplies the app state (loaders with their scheme handlers and thumbnail encoder)
/// through `makeState`, given a fresh scratch folder for the disk cache; the benchmark prepares
/// the caches for the mode, runs the real `SnaptermApp.run()` loop on a `BenchTerminal` whose
/// bytes go to a `VirtualTerminal`, replays the script and adds up every frame.
@MainActor
public final class ScrollBenchmark {
    /// The terminal and thumbnail geometry.
    public struct Setup: Sendable, Hashable {
        /// Terminal rows and columns.
        public var rows = 40, columns = 100
        /// Thumbnail box in cells (the places list draws one per row).
        public var thumbnailColumns = 16, thumbnailRows = 4
        /// The longest wait for the first screen's pictures before the script starts.
        public var settleTimeout: Duration = .seconds(20)
        /// Time given to late pictures after the last key.
        public var linger: Duration = .milliseconds(200)

        /// The defaults: a 100×40 terminal, 16×4-cell thumbnails.
        public init() {}
    }

    /// Builds the app state for one run; the argument is an empty folder for the disk cache.
    public typealias StateFactory = @MainActor (_ diskDirectory: URL) async throws -> AppState

    /// The geometry used.
    public let setup: Setup
    /// The remote list's web server: its counts go into each run's figures.
    public var network: RemotePictureServer?
    /// The folder list's folder (its pictures are read through the state's loader, which must
    /// allow files there).
    public var folder: URL?
    private let makeState: StateFactory

    /// Creates the benchmark.
    public init(setup: Setup = .init(), makeState: @escaping StateFactory) {
        self.setup = setup
        self.makeState = makeState
    }

    /// The places screen a run scrolls, as the app would build it from `state`.
    public static func placesScreen(for state: AppState, setup: Setup) -> PlacesScreen {
        PlacesScreen(places: state.places, loader: state.loader,
                     box: state.box(columns: setup.thumbnailColumns, rows: setup.thumbnailRows))
    }

    /// The conversation screen a run scrolls: the first conversation of `state`'s message store.
    public static func conversationScreen(for state: AppState, setup: Setup) throws -> ConversationScreen {
        guard let store = state.messages, let first = try? store.conversations().first else {
            throw ScrollBenchError.noConversation
        }
        return ConversationScreen(id: first.id, title: first.conversation.title, store: store, loader: state.loader,
                                  box: state.box(columns: setup.thumbnailColumns, rows: setup.thumbnailRows))
    }

    /// Runs `script` over `list` from the cache state `mode` and returns its figures.
    public func run(mode: ScrollBenchMode, script: ScrollScript, list: ScrollBenchList = .places) async throws -> ScrollBenchResult {
        try await runRecordingFrames(mode: mode, script: script, list: list).result
    }

    /// Runs `script` and also returns the placeholders shown by each key frame, in order (for tests).
    public func runRecordingFrames(mode: ScrollBenchMode, script: ScrollScript, list: ScrollBenchList = .places) async throws
        -> (result: ScrollBenchResult, whiteSpotsPerKeyFrame: [Int]) {
        guard setup.rows >= 10, setup.columns >= 40 else {
            throw ScrollBenchError.terminalTooSmall(rows: setup.rows, columns: setup.columns)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("snapterm-scroll-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ScrollBenchError.scratchDirectory(path: directory.path, reason: "\(error)")
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        var state = try await makeState(directory)
        guard list != .places || !state.places.isEmpty else { throw ScrollBenchError.noPlaces }
        let reopens = mode == .warmDisk && list.isRemote
        if reopens {
            // Fill the disk caches with these loaders, then measure with new ones over the same folder.
            let (screen, scrolled, _) = try scene(state: state, kind: list, feed: KeyFeed(keys: [], pacing: .lockstep))
            scrolled.scroll(toTop: 0)
            try await prepare(.warmDisk, state: state, screen: screen, list: scrolled,
                              rows: Self.rowsReached(by: script, screen: screen, list: scrolled))
            scrolled.update(rowCount: 0, visibleCount: scrolled.visibleCount)
            await Self.shutDown(state)
            state = try await makeState(directory)
        }
        let outcome = try await measure(state: state, mode: reopens ? .cold : mode, script: script, kind: list)
        await Self.shutDown(state)
        var result = outcome.result
        result.mode = mode
        return (result, outcome.whiteSpotsPerKeyFrame)
    }

    /// The screen a run shows for `kind`, its list and the app around it (laid out, not running).
    private func scene(state: AppState, kind: ScrollBenchList, feed: KeyFeed) throws
        -> (screen: any Screen, list: ListView, app: (SnaptermApp, BenchTerminal, BenchOutput)) {
        let screen: any Screen = switch kind {
        case .places: Self.placesScreen(for: state, setup: setup)
        case .remoteGrid: try gridScreen(for: state)
        case .folder: try folderScreen(for: state)
        case .conversation, .remote: try Self.conversationScreen(for: state, setup: setup)
        }
        let output = BenchOutput(terminal: VirtualTerminal(rows: setup.rows, columns: setup.columns,
                                                           cellWidth: state.cellSize.width, cellHeight: state.cellSize.height))
        let terminal = BenchTerminal(rows: setup.rows, columns: setup.columns, output: output, keys: feed)
        let app = SnaptermApp(state: state, terminal: terminal, output: output, tabs: [screen])
        screen.layout(in: app.bodyArea)
        guard let list = (screen as? PlacesScreen)?.list ?? (screen as? ConversationScreen)?.list ?? (screen as? GalleryScreen)?.list,
              list.rowCount > 0 else {
            throw kind == .places ? ScrollBenchError.noPlaces : ScrollBenchError.noConversation
        }
        return (screen, list, (app, terminal, output))
    }

    /// The gallery grid of the web server's pictures, as `snapterm URL…` shows it.
    private func gridScreen(for state: AppState) throws -> GalleryScreen {
        guard let network else { throw ScrollBenchError.noRemotePictures(reason: "the grid needs the benchmark's web server") }
        let entries = (0..<network.rows).map { GalleryEntry(url: network.url(row: $0)) }
        return GalleryScreen(pictures: PictureList(name: "web pictures", entries: entries), loader: state.loader,
                             box: state.box(columns: setup.thumbnailColumns, rows: setup.thumbnailRows),
                             viewerBox: state.box(columns: setup.columns, rows: setup.rows))
    }

    /// The folder gallery of `folder`, as `snapterm DIR` shows it.
    private func folderScreen(for state: AppState) throws -> GalleryScreen {
        guard let folder else { throw ScrollBenchError.noFolder(reason: "the folder list needs a folder (--folder DIR)") }
        let pictures: PictureFolder
        do {
            pictures = try PictureFolder(path: folder.path)
            guard try !pictures.pictures().isEmpty else { throw ScrollBenchError.noFolder(reason: "\(folder.path) holds no pictures") }
        } catch let error as ScrollBenchError {
            throw error
        } catch {
            throw ScrollBenchError.noFolder(reason: "\(error)")
        }
        return GalleryScreen(pictures: pictures, loader: state.loader,
                             box: state.box(columns: setup.thumbnailColumns, rows: setup.thumbnailRows),
                             viewerBox: state.box(columns: setup.columns, rows: setup.rows))
    }

    /// List rows the script brings into view (a grid's keys move whole grid rows).
    private static func rowsReached(by script: ScrollScript, screen: any Screen, list: ListView) -> Int {
        guard let grid = screen as? GalleryScreen else { return script.lastRowReached(visible: list.visibleCount) + 1 }
        return (script.lastRowReached(visible: grid.visibleGridRows) + 1) * grid.columnsPerRow
    }

    /// Waits for the loaders to go idle, then shuts them down (closing their connections).
    private static func shutDown(_ state: AppState) async {
        await waitForIdle(state)
        await state.loader.shutdown()
    }

    private func measure(state: AppState, mode: ScrollBenchMode, script: ScrollScript, kind: ScrollBenchList) async throws
        -> (result: ScrollBenchResult, whiteSpotsPerKeyFrame: [Int]) {
        let feed = KeyFeed(keys: script.keys, pacing: script.pacing)
        network?.startCounting()
        let memory = ProcessProbe(pid: getpid())
        memory.resetPeakResident()
        let startMemory = memory.residentBytes
        let opened = ContinuousClock.now
        let (screen, list, (app, terminal, output)) = try scene(state: state, kind: kind, feed: feed)
        let places = screen as? PlacesScreen
        // A conversation opens at its newest message; start at the oldest before any load goes out.
        if screen is ConversationScreen { list.scroll(toTop: 0) }
        var firstPicture: Duration?
        let rowHeight = setup.thumbnailRows + 1
        try await prepare(mode, state: state, screen: screen, list: list, rows: Self.rowsReached(by: script, screen: screen, list: list))
        if mode == .prefetchOff {
            list.configuration.prefetchEnabled = false
            list.resize(visibleCount: list.visibleCount)  // cancels the prefetches the first layout started
        }
        places?.select(list.visibleCount - 1)  // every `down` key now scrolls one row
        if let grid = screen as? GalleryScreen { grid.select(list.visibleCount - grid.columnsPerRow) }  // one grid row

        var tally = FrameTally()
        var recording = false
        var model = ModelFrame()
        var started = ContinuousClock.now
        let checksGrid = state.graphics == .sixel || state.graphics == .kitty
        feed.settleTimeout = setup.settleTimeout
        feed.linger = script.rowsPerSecond == nil ? .zero : setup.linger
        // (loaded: every picture there, not a placeholder nor a stand-in)
        feed.isReady = { screen.placeholderCount.placeholders == 0 && list.previewCount == 0 }
        var kittyAtStart = KittyLayer()
        var steady = (frames: 0, bytes: 0, transmitted: 0)  // kitty frames that transmitted no picture
        feed.onStart = {
            kittyAtStart = output.terminal.kitty
            steady.transmitted = kittyAtStart.transmitted
            state.loader.resetStatistics()
            recording = true
            started = ContinuousClock.now
        }
        terminal.onRefresh = {
            model = Self.modelFrame(screen, list: list, area: app.bodyArea, rowHeight: rowHeight, setup: self.setup,
                                    perRow: (screen as? GalleryScreen)?.columnsPerRow ?? 1)
            model.picturesFillBox = kind == .places
            if firstPicture == nil, model.showsPicture { firstPicture = ContinuousClock.now - opened }
        }
        terminal.onFrame = { stamp in
            guard recording else { return }
            if output.terminal.kitty.transmitted == steady.transmitted {
                steady.frames += 1
                steady.bytes += stamp.bytes.total
            }
            steady.transmitted = output.terminal.kitty.transmitted
            tally.add(stamp, model: model, sent: app.lastFrame.sent, terminal: output.terminal, app: terminal, checksGrid: checksGrid)
        }
        await app.run()
        let network = self.network?.figures()
        defer { list.update(rowCount: 0, visibleCount: list.visibleCount) }  // afterwards: cancels every cell's and prefetch's load
        let seconds = (ContinuousClock.now - started).seconds
        let all = state.loader.statistics, thumbs = state.loader.statistics(for: ThumbnailURL.scheme)
        let result = ScrollBenchResult(
            mode: mode, list: kind, pattern: script.pattern.name, rowsPerSecond: script.rowsPerSecond, keys: feed.keysHandedOut,
            frames: tally.frames, keyFrames: tally.keyFrames, imageCellFrames: tally.imageCellFrames,
            whiteSpotFrames: tally.whiteSpotFrames, gridWhiteSpotFrames: checksGrid ? tally.gridWhiteSpotFrames : nil,
            whiteSpotPercent: tally.imageCellFrames == 0 ? 0 : Double(tally.whiteSpotFrames) * 100 / Double(tally.imageCellFrames),
            previewFrames: tally.previewFrames,
            previewPercent: tally.imageCellFrames == 0 ? 0 : Double(tally.previewFrames) * 100 / Double(tally.imageCellFrames),
            frameMillisecondsP50: FrameTally.percentile(0.5, of: tally.latencies),
            frameMillisecondsP95: FrameTally.percentile(0.95, of: tally.latencies),
            frameMillisecondsP99: FrameTally.percentile(0.99, of: tally.latencies),
            frameMillisecondsMax: FrameTally.percentile(1, of: tally.latencies),
            drawMillisecondsP50: FrameTally.percentile(0.5, of: tally.drawTimes),
            drawMillisecondsP99: FrameTally.percentile(0.99, of: tally.drawTimes),
            totalBytes: tally.totalBytes, textBytes: tally.textBytes,
            bytesPerFrame: tally.frames == 0 ? 0 : Double(tally.totalBytes) / Double(tally.frames), picturesSent: tally.picturesSent,
            resentUnmoved: tally.resentUnmoved, resentUnmovedOnWire: tally.resentUnmovedOnWire,
            damagedTextCells: tally.damagedTextCells, scrolledLines: output.terminal.scrolledLines,
            loads: thumbs.handlerLoads, coalesced: thumbs.coalesced, cancelled: thumbs.cancelled,
            memoryHits: thumbs.memoryHits, diskHits: thumbs.diskHits,
            sourceLoads: all.handlerLoads - thumbs.handlerLoads, sourceCancelled: all.cancelled - thumbs.cancelled,
            firstPictureMilliseconds: firstPicture.map { $0.seconds * 1e3 }, network: network,
            startMemoryKiB: startMemory.map { $0 / 1024 }, runPeakMemoryKiB: memory.peakResidentBytes.map { $0 / 1024 },
            peakMemoryKiB: PeakMemory.kibibytes, seconds: seconds)
        var figures = result
        figures.encodes = thumbs.workRun
        figures.encodesForCancelledLoads = thumbs.workForCancelledLoads
        if state.graphics == .kitty {
            let kitty = output.terminal.kitty
            figures.kittyTransmitted = kitty.transmitted - kittyAtStart.transmitted
            figures.kittyRetransmitted = kitty.retransmitted
            figures.kittyPlaced = kitty.placed - kittyAtStart.placed
            figures.kittyDeleted = kitty.deleted - kittyAtStart.deleted
            figures.kittySteadyBytesPerFrame = steady.frames == 0 ? nil : Double(steady.bytes) / Double(steady.frames)
        }
        return (figures, tally.whiteSpotsPerKeyFrame)
    }

    /// Fills or empties the caches for `mode`.
    private func prepare(_ mode: ScrollBenchMode, state: AppState, screen: any Screen, list: ListView, rows: Int) async throws {
        switch mode {
        case .cold, .prefetchOff:
            return  // the first screen's loads are running: a reload would cancel and restart them
        case .cachingOff:
            state.isCachingEnabled = false
        case .warmMemory, .warmDisk:
            // (as far as the prefetch may reach ahead of the last row: a warm run loads nothing)
            let reach = rows + setup.thumbnailRows + list.configuration.maximumPrefetchDistance
            let urls = (0..<min(reach, list.rowCount)).compactMap { list.url(forRow: $0) }
            let loader = state.loader
            try await withThrowingTaskGroup(of: Void.self) { group in
                for url in urls { group.addTask { _ = try await loader.data(for: url) } }
                try await group.waitForAll()
            }
            await loader.waitForPendingWrites()
            if mode == .warmDisk { loader.memoryCache.removeAll() }
        }
        screen.reload()  // rebind the first screen's cells to the prepared caches
    }

    /// What the model shows now: visible rows, their boxes (as `PlacesScreen` lays them out) and states.
    private static func modelFrame(_ screen: any Screen, list: ListView, area: CellRect, rowHeight: Int, setup: Setup,
                                   perRow: Int) -> ModelFrame {
        var frame = ModelFrame()
        let counts = screen.placeholderCount
        frame.placeholders = counts.placeholders
        frame.cells = counts.cells
        frame.previews = list.previewCount
        for row in list.visibleRange {
            guard let cell = list.cell(forRow: row), let url = cell.url else { continue }
            let position = row - list.top  // a grid has `perRow` pictures side by side, 2 columns apart
            let rect = CellRect(row: area.row + position / perRow * rowHeight,
                                column: area.column + position % perRow * (setup.thumbnailColumns + 2),
                                rows: setup.thumbnailRows, columns: setup.thumbnailColumns)
            let picture = if case .image = cell.content { true } else { false }
            frame.showsPicture = frame.showsPicture || picture
            // A preview is a picture on the wire too, under its own identity (as `ImageCell.draw` places it).
            let identity = cell.content.isPreview ? "preview " + (cell.previewURL ?? url).absoluteString : url.absoluteString
            frame.rows.append((rect, identity, cell.content.isPlaceholder, picture || cell.content.isPreview))
        }
        return frame
    }

    /// Waits (up to 2 s) until the loader has no load in flight, so nothing writes into a removed folder.
    private static func waitForIdle(_ state: AppState) async {
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline,
              state.loader.statistics.inFlight > 0 {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }
}
