// ListView: a scrolling list whose visible rows own image cells — reuse, prefetch, fast-scroll throttle.
import Foundation
import SchemeLoader

/// Which way the list last moved.
public enum ScrollDirection: Sendable {
    case up, down
}

/// The model of a scrolling list of image rows, independent of how it is drawn.
///
/// Only visible rows own an `ImageCell`; a row that scrolls away returns its cell to a pool
/// (cancelling its load). Rows about to appear in the scroll direction are prefetched at low
/// priority; turning around cancels those prefetches. While the user scrolls fast, newly
/// visible rows show cached pictures at once but start no new loads until the scroll settles
/// (`tick()`), so the rows that stay visible win.
@MainActor
public final class ListView {
    /// Tuning knobs.
    public struct Configuration: Sendable {
        /// How many rows beyond the visible ones are prefetched.
        public var prefetchDistance = 6
        /// Two scroll steps closer than this make a fast scroll.
        public var fastScrollInterval: Duration = .milliseconds(50)
        /// Idle time after which deferred loads start.
        public var settleDelay: Duration = .milliseconds(80)
        /// Whether prefetching is on.
        public var prefetchEnabled = true

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
    public var configuration: Configuration

    private let loader: SchemeLoader
    private let url: (Int) -> URL?
    private let now: () -> ContinuousClock.Instant
    private let prefetcher: Prefetcher
    private var cells: [Int: ImageCell] = [:]
    private var pool: [ImageCell] = []
    private var lastScroll: ContinuousClock.Instant?
    private var pendingSettle = false
    private var deferredSince: [Int: ContinuousClock.Instant] = [:]

    /// Creates a list of `rowCount` rows, `visibleCount` of them on screen, whose row `i` shows `url(i)`.
    public init(
        loader: SchemeLoader, rowCount: Int, visibleCount: Int, configuration: Configuration = .init(),
        now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }, url: @escaping (Int) -> URL?
    ) {
        self.loader = loader
        self.rowCount = rowCount
        self.visibleCount = max(1, visibleCount)
        self.configuration = configuration
        self.now = now
        self.url = url
        prefetcher = Prefetcher(loader: loader)
        layout(deferLoads: false)
        updatePrefetch()
    }

    /// The rows on screen.
    public var visibleRange: Range<Int> { top..<min(rowCount, top + visibleCount) }

    /// The cell of a visible row.
    public func cell(forRow row: Int) -> ImageCell? { cells[row] }

    /// Rows with a prefetch in flight or done.
    public var prefetchedRows: Set<Int> { prefetcher.rows }

    /// Cells owned now (visible) plus pooled ones: reuse keeps this near `visibleCount`.
    public var allocatedCells: Int { cells.count + pool.count }

    /// Scrolls so that `row` is the first visible row (clamped).
    public func scroll(toTop row: Int) {
        let target = max(0, min(row, max(0, rowCount - visibleCount)))
        guard target != top else { return }
        direction = target > top ? .down : .up
        let moment = now()
        let fast = lastScroll.map { moment - $0 < configuration.fastScrollInterval } ?? false
        lastScroll = moment
        top = target
        layout(deferLoads: fast)
        if fast {
            pendingSettle = true
        } else {
            updatePrefetch()
        }
    }

    /// Scrolls as little as needed for `row` to be visible.
    public func scroll(toShow row: Int) {
        if row < top {
            scroll(toTop: row)
        } else if row >= top + visibleCount {
            scroll(toTop: row - visibleCount + 1)
        }
    }

    /// Visible cells showing a placeholder (white spots), and visible cells bound to a URL.
    public var placeholderCount: (placeholders: Int, cells: Int) {
        let bound = visibleRange.compactMap { cells[$0] }.filter { $0.url != nil }
        return (bound.filter { $0.content.isPlaceholder }.count, bound.count)
    }

    /// Scrolls by `delta` rows.
    public func scroll(by delta: Int) { scroll(toTop: top + delta) }

    /// Changes the number of rows and how many fit (rows were added, the screen changed), then binds
    /// each visible row to its current URL; keeps the first visible row when it can.
    public func update(rowCount count: Int, visibleCount: Int) {
        rowCount = max(0, count)
        resize(visibleCount: visibleCount)
        for row in visibleRange { cells[row]?.show(url(row)) }
    }

    /// Changes how many rows fit (after a resize).
    public func resize(visibleCount: Int) {
        self.visibleCount = max(1, visibleCount)
        top = max(0, min(top, max(0, rowCount - self.visibleCount)))
        layout(deferLoads: false)
        updatePrefetch()
    }

    /// Called every frame: starts the loads a fast scroll held back — for every visible row once the
    /// scroll has settled, and meanwhile for rows that have stayed on screen for the settle delay (so
    /// a steady scroll that never pauses still fills the rows that stay long enough to be seen).
    public func tick() {
        let moment = now()
        for (row, since) in deferredSince where moment - since >= configuration.settleDelay {
            cells[row]?.startDeferredLoad()
            deferredSince[row] = nil
        }
        guard pendingSettle, let lastScroll, moment - lastScroll >= configuration.settleDelay else { return }
        pendingSettle = false
        for row in visibleRange { cells[row]?.startDeferredLoad() }
        deferredSince = [:]
        updatePrefetch()
    }

    /// Rebinds every visible row (after the caches were emptied or caching was toggled).
    public func reloadVisible() {
        prefetcher.cancelAll()
        for row in visibleRange { cells[row]?.reload() }
        updatePrefetch()
    }

    private func layout(deferLoads: Bool) {
        let visible = visibleRange
        for (row, cell) in cells where !visible.contains(row) {
            cell.prepareForReuse()
            cells[row] = nil
            deferredSince[row] = nil
            pool.append(cell)
        }
        for row in visible where cells[row] == nil {
            let cell = pool.popLast() ?? ImageCell(loader: loader)
            cell.onChange = { [weak self] cell in self?.onCellChange?(row, cell) }
            cells[row] = cell
            cell.show(url(row), priority: .high, deferLoad: deferLoads)
            if cell.hasDeferredLoad { deferredSince[row] = now() }
            prefetcher.release(row)  // after show: the cell has joined any prefetch load already
        }
    }

    private func updatePrefetch() {
        guard configuration.prefetchEnabled else {
            prefetcher.cancelAll()
            return
        }
        let visible = visibleRange
        let distance = configuration.prefetchDistance
        let ahead = switch direction {
        case .down: visible.upperBound..<min(rowCount, visible.upperBound + distance)
        case .up: max(0, visible.lowerBound - distance)..<visible.lowerBound
        }
        prefetcher.prefetch(ahead, url: url)
    }
}
