// ListView: a scrolling list whose visible rows own image cells — reuse, and prefetch that runs
// ahead of the scroll as far as its measured speed and the measured load cost make useful.
import Foundation
import SchemeLoader

/// Which way the list last moved.
public enum ScrollDirection: Sendable {
    case up, down
}

/// The model of a scrolling list of image rows, independent of how it is drawn.
///
/// Only visible rows own an `ImageCell`; a row that scrolls away returns its cell to a pool
/// (cancelling its load). Every visible row loads at once (a cached or small disk copy shows in the
/// frame the row appears; a preview, when the screen gives one, stands in until the picture lands).
/// Rows about to appear in the scroll direction are prefetched, nearest first, as far ahead as
/// `PrefetchPlanner` finds useful for the measured scroll speed and load cost. Rows left behind
/// (scrolled past, or ahead of the old direction after a turn) are cancelled, so they never hold up
/// the rows still to come. At rest the rows the other way are prefetched too, after those ahead: the
/// next key may turn back, and at an end of the list (a conversation opens at its newest message) the
/// other way is the only way.
///
/// Who goes first depends on the scroll (`LoadPriorities`): at rest the visible rows, then the
/// prefetch; while scrolling the rows about to appear, then the visible rows still loading. A row
/// done before it appears is never blank, while a visible row's load is worth less every frame (it is
/// leaving); served first, the visible rows would keep the work behind the scroll for good as soon as
/// it fell behind once.
@MainActor
public final class ListView {
    /// Tuning knobs.
    public struct Configuration: Sendable {
        /// Fewest rows beyond the visible ones that are prefetched (the distance at rest).
        public var prefetchDistance = 6
        /// Most rows prefetched during a fast scroll.
        public var maximumPrefetchDistance = 48
        /// The cost of one load assumed until one was measured.
        public var initialLoadCost: Duration = .milliseconds(30)
        /// How many of the list's loads the prefetch planner counts on being in flight at once (their sources
        /// arriving side by side, their work sharing the workers): the `k` of `PrefetchPlanner`.
        public var loadsInFlight = 6
        /// Disk entries up to this size are read at bind, so they show in the frame their row appears.
        public var diskReadLimit = 256 << 10
        /// Whether prefetching is on.
        public var prefetchEnabled = true
        /// Whether the rows' previews cost next to nothing (made from a photo's EXIF thumbnail): then a visible
        /// row's preview goes first even while scrolling (`LoadPriorities`).
        public var cheapPreviews = false

        /// The defaults.
        public init() {}
    }

    /// The first visible row.
    public private(set) var top = 0
    /// How many rows fit on screen.
    public private(set) var visibleCount: Int
    /// The number of rows.
    public private(set) var rowCount: Int
    /// The last scroll direction.
    public private(set) var direction = ScrollDirection.down
    /// Called when a visible row's cell changes what it shows.
    public var onCellChange: ((Int, ImageCell) -> Void)?
    /// The tuning in force.
    public var configuration: Configuration {
        didSet {
            planner.minimumDistance = configuration.prefetchDistance
            planner.maximumDistance = max(configuration.prefetchDistance, configuration.maximumPrefetchDistance)
        }
    }

    private let loader: SchemeLoader
    private var refreshObserver: UInt64 = 0
    private let url: (Int) -> URL?
    private let preview: ((Int) -> URL?)?
    private let standIn: ((Int) -> Data?)?
    private let now: () -> ContinuousClock.Instant
    private let prefetcher: Prefetcher
    private var planner: PrefetchPlanner
    private var cells: [Int: ImageCell] = [:]
    private var pool: [ImageCell] = []
    private var plannedDistance: Int
    private var plannedAtRest = true
    /// While scrolling one way, the row the prefetch ahead reaches: it moves on with the scroll but not back
    /// when the planned distance dips, so a prefetch is not cancelled one frame and asked for again the next.
    /// `nil` at rest and after a turn.
    private var aheadReach: (direction: ScrollDirection, row: Int)?

    /// Creates a list of `rowCount` rows, `visibleCount` of them on screen, whose row `i` shows `url(i)`
    /// and, while that is not ready, `standIn(i)` (ready now) or else `preview(i)`, if given.
    public init(
        loader: SchemeLoader, rowCount: Int, visibleCount: Int, configuration: Configuration = .init(),
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now },
        preview: ((Int) -> URL?)? = nil, standIn: ((Int) -> Data?)? = nil, url: @escaping (Int) -> URL?
    ) {
        self.loader = loader
        self.rowCount = rowCount
        self.visibleCount = max(1, visibleCount)
        self.configuration = configuration
        self.now = now
        self.url = url
        self.preview = preview
        self.standIn = standIn
        planner = PrefetchPlanner(minimumDistance: configuration.prefetchDistance,
                                  maximumDistance: configuration.maximumPrefetchDistance,
                                  concurrency: configuration.loadsInFlight, initialLoadCost: configuration.initialLoadCost)
        plannedDistance = configuration.prefetchDistance
        prefetcher = Prefetcher(loader: loader)
        // A stale copy on screen that a background revalidation refreshed is bound again.
        refreshObserver = loader.addRefreshObserver { [weak self] url, changed in
            Task { @MainActor in self?.refreshed(url, changed: changed) }
        }
        prefetcher.onHandlerLoad = { [weak self] cost in self?.planner.measured(cost) }
        layout()
        updatePrefetch()
    }

    isolated deinit {
        loader.removeRefreshObserver(refreshObserver)
    }

    /// Updates the visible cells whose picture is `canonical` (revalidated in the background): rebinds
    /// them when it changed, else only clears their stale mark (the same picture is not sent again).
    private func refreshed(_ canonical: URL, changed: Bool) {
        for cell in cells.values {
            guard let shown = cell.url, (try? loader.canonicalURL(for: shown)) == canonical else { continue }
            if changed { cell.reload() } else { cell.confirmFresh() }
        }
    }

    /// The rows on screen.
    public var visibleRange: Range<Int> { top..<min(rowCount, top + visibleCount) }

    /// The cell of a visible row.
    public func cell(forRow row: Int) -> ImageCell? { cells[row] }

    /// The URL row `row` shows (visible or not).
    public func url(forRow row: Int) -> URL? { url(row) }

    /// Rows with a prefetch in flight or done.
    public var prefetchedRows: Set<Int> { prefetcher.rows }

    /// How many rows ahead are prefetched now (from the measured scroll speed and load cost).
    public var prefetchDistance: Int { plannedDistance }

    /// Cells owned now (visible) plus pooled ones: reuse keeps this near `visibleCount`.
    public var allocatedCells: Int { cells.count + pool.count }

    /// Scrolls so that `row` is the first visible row (clamped).
    public func scroll(toTop row: Int) {
        let target = max(0, min(row, max(0, rowCount - visibleCount)))
        guard target != top else { return }
        direction = target > top ? .down : .up
        planner.scrolled(rows: target - top, at: now())
        top = target
        layout()
        updatePrefetch()
    }

    /// Visible cells showing a placeholder (white spots), and visible cells bound to a URL.
    public var placeholderCount: (placeholders: Int, cells: Int) {
        let bound = visibleRange.compactMap { cells[$0] }.filter { $0.url != nil }
        return (bound.filter { $0.content.isPlaceholder }.count, bound.count)
    }

    /// Visible cells showing a preview instead of their picture.
    public var previewCount: Int {
        visibleRange.compactMap { cells[$0] }.filter { $0.content.isPreview }.count
    }

    /// Scrolls by `delta` rows.
    public func scroll(by delta: Int) { scroll(toTop: top + delta) }

    /// Changes the number of rows and how many fit (rows were added, the screen changed), then binds
    /// each visible row to its current URL; keeps the first visible row when it can.
    public func update(rowCount count: Int, visibleCount: Int) {
        rowCount = max(0, count)
        resize(visibleCount: visibleCount)
        for row in visibleRange { cells[row]?.show(url(row), preview: preview?(row), standIn: standIn?(row)) }
    }

    /// Changes how many rows fit (after a resize).
    public func resize(visibleCount: Int) {
        self.visibleCount = max(1, visibleCount)
        top = max(0, min(top, max(0, rowCount - self.visibleCount)))
        layout()
        updatePrefetch()
    }

    /// Called every frame: when the scroll has come to rest, the prefetch window shrinks back to its
    /// minimum (the rows beyond it are cancelled) and reaches the other way too.
    public func tick() {
        let moment = now()
        if planner.distance(at: moment) != plannedDistance || planner.isScrolling(at: moment) == plannedAtRest { updatePrefetch() }
    }

    /// Loads every visible picture that failed again now; `askingUnreachableHosts` also asks the hosts found
    /// unreachable at once (the user pressed `R`) instead of failing while they rest.
    public func retryFailed(askingUnreachableHosts: Bool) {
        if askingUnreachableHosts { loader.forgetUnreachableHosts() }
        for row in visibleRange { cells[row]?.retryIfFailed() }
    }

    /// Rebinds every visible row: after the caches were emptied or caching was toggled, or when the rows changed.
    public func reloadVisible() {
        prefetcher.cancelAll()
        for row in visibleRange {
            guard let cell = cells[row] else { continue }
            // A row whose URL changed (a sent picture now named by the server's URL) shows its new one.
            let current = url(row)
            if cell.url == current {
                cell.reload()
            } else {
                cell.show(current, priority: priority(ofVisible: row), preview: preview?(row), previewPriority: priorities.preview,
                          standIn: standIn?(row))
            }
        }
        updatePrefetch()
    }

    private func layout() {
        let visible = visibleRange
        for (row, cell) in cells where !visible.contains(row) {
            cell.prepareForReuse()
            cells[row] = nil
            pool.append(cell)
        }
        for row in visible where cells[row] == nil {
            let cell = pool.popLast() ?? ImageCell(loader: loader)
            cell.diskReadLimit = configuration.diskReadLimit
            cell.onChange = { [weak self] cell in self?.onCellChange?(row, cell) }
            // A visible row's load costs what a prefetch does: the first screen's loads are the first measured.
            cell.onLoaded = { [weak self] loaded in
                if let cost = LoadCost(loaded) { self?.planner.measured(cost) }
            }
            cells[row] = cell
            cell.show(url(row), priority: priority(ofVisible: row), preview: preview?(row), previewPriority: priorities.preview,
                      standIn: standIn?(row))
            prefetcher.release(row)  // after show: the cell has joined any prefetch load already
        }
    }

    /// Who loads first now: the visible rows at rest, the rows about to appear while scrolling.
    private var priorities: LoadPriorities { LoadPriorities(scrolling: !plannedAtRest, cheapPreviews: configuration.cheapPreviews) }

    /// The priority of visible `row`'s picture: arriving in the half of the screen the scroll brings rows into.
    private func priority(ofVisible row: Int) -> LoadPriority {
        let visible = visibleRange, half = visible.count / 2
        let arriving = direction == .down ? row >= visible.upperBound - half : row < visible.lowerBound + half
        return arriving ? priorities.arriving : priorities.visible
    }

    private func updatePrefetch() {
        let moment = now()
        plannedDistance = planner.distance(at: moment)
        plannedAtRest = !planner.isScrolling(at: moment)
        // (every step: a row moves from the half rows arrive in to the half they leave by)
        for row in visibleRange { cells[row]?.setPriority(priority(ofVisible: row), preview: priorities.preview) }
        guard configuration.prefetchEnabled else {
            prefetcher.cancelAll()
            return
        }
        let visible = visibleRange  // nearest first, each way
        let reach = distanceAhead(of: visible)
        let (down, up) = direction == .down ? (reach, plannedDistance) : (plannedDistance, reach)
        let below = Array(visible.upperBound..<min(rowCount, visible.upperBound + down))
        let above = Array((max(0, visible.lowerBound - up)..<visible.lowerBound).reversed())
        let (ahead, behind) = direction == .down ? (below, above) : (above, below)
        // While scrolling, rows so near that a load started now would land after they appear wait with
        // the visible rows: the slots go to rows that can still be ready in time (work that fell behind
        // a fast scroll catches up instead of finishing every row late).
        let late = planner.lateRows(at: moment)
        let rows = (plannedAtRest ? ahead + behind : ahead).enumerated().map { index, row in
            (row: row, priority: index < late ? priorities.visible : priorities.prefetch)
        }
        prefetcher.prefetch(rows, url: url)
    }

    /// How many rows ahead of `visible` to prefetch: the planned distance, or while scrolling on the same way
    /// as far as the prefetch already reached (at most the planner's maximum).
    private func distanceAhead(of visible: Range<Int>) -> Int {
        guard !plannedAtRest else {
            aheadReach = nil
            return plannedDistance
        }
        let edge = direction == .down ? visible.upperBound : visible.lowerBound
        var row = direction == .down ? edge + plannedDistance : edge - plannedDistance
        if let kept = aheadReach, kept.direction == direction {
            row = direction == .down ? max(row, kept.row) : min(row, kept.row)
        }
        aheadReach = (direction, row)
        return min(planner.maximumDistance, abs(row - edge))
    }
}
