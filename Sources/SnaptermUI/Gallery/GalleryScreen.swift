// GalleryScreen: `snapterm DIR`, `snapterm URL…`, `--list FILE` — a grid of pictures, and one as large as the screen.
import Foundation
import SchemeLoader
import TerminalGraphics
import Thumbnails

/// The pictures of a gallery (a folder, or a list of URLs: `GalleryPictures`) as a grid of thumbnails
/// with their names under them. The grid is a `ListView` whose rows are the pictures, `columns` to a
/// grid row: only visible pictures own image cells (reused as the grid scrolls), and the pictures
/// ahead are prefetched like the places list. Enter shows the selected picture as large as the screen
/// (←/→ previous/next, Esc/q back). The pictures are asked for again on every visit (the tab shown
/// again, back from a picture), so a folder's new and removed files appear.
@MainActor
public final class GalleryScreen: Screen {
    public var title: String {
        guard let viewing, entries.indices.contains(viewing) else { return pictures.name }
        return pictures.name + " › " + entries[viewing].name
    }
    public var onChange: (() -> Void)?
    /// The pictures, as of the last visit.
    public private(set) var entries: [GalleryEntry] = []
    /// The selected picture.
    public var selected: Int { selection.index }
    private var selection = ListSelection()
    /// The picture shown large, if any.
    public private(set) var viewing: Int?
    /// The grid's list (after the first layout): its rows are pictures.
    public private(set) var list: ListView?
    /// Why the last listing failed, shown instead of the grid.
    public private(set) var listingError: UIError?

    private let pictures: any GalleryPictures
    private let loader: SchemeLoader
    private let box: ThumbnailBox
    private let animatesInGrid: Bool
    private let viewer: GalleryPictureViewer
    private var area = CellRect(row: 0, column: 0, rows: 1, columns: 1)

    /// Creates the screen and lists the pictures; `box` sizes the grid thumbnails, `viewerBox` carries
    /// the cell size and mode of the large picture (its size follows the screen); when it `animates`, an animated
    /// GIF or WebP plays in the large view, and in the grid where the terminal
    /// plays it itself (kitty: each sent once with its frames) — elsewhere the grid shows first frames.
    public init(pictures: any GalleryPictures, loader: SchemeLoader, box: ThumbnailBox, viewerBox: ThumbnailBox,
                animates: Bool = false) {
        self.pictures = pictures
        self.loader = loader
        self.box = box
        animatesInGrid = animates
        viewer = GalleryPictureViewer(loader: loader, box: viewerBox, animates: animates)
        viewer.onChange = { [weak self] in self?.onChange?() }
        rescan()
    }

    /// Pictures per grid row.
    public var columnsPerRow: Int { max(1, (area.columns + 2) / (box.columns + 2)) }
    /// Grid rows on screen.
    public var visibleGridRows: Int { max(1, area.rows / gridRowHeight) }
    private var gridRowHeight: Int { box.rows + 1 }
    /// List rows: the pictures padded to whole grid rows (so the first visible one starts a grid row).
    private var paddedCount: Int { (entries.count + columnsPerRow - 1) / columnsPerRow * columnsPerRow }

    /// The thumbnail URL of picture `index`.
    public func thumbnailURL(_ index: Int) -> URL? {
        guard entries.indices.contains(index) else { return nil }
        return ThumbnailURL(source: entries[index].url, box: box, animated: animatesInGrid).url
    }

    /// The text-art preview of picture `index` while its sixel thumbnail loads: made from the photo's EXIF
    /// thumbnail (a phone photo's: microseconds). A picture without one has none: a preview made by decoding the
    /// picture would double the work of its thumbnail.
    public func previewURL(_ index: Int) -> URL? {
        guard entries.indices.contains(index) else { return nil }
        return StandInPolicy(box: box).previewURL(of: entries[index].url, fromEmbeddedThumbnail: true)
    }

    /// Lists the pictures again; the selection stays on the same picture when it is still there.
    public func rescan() {
        let previous = entries.indices.contains(selected) ? entries[selected].name : nil
        do {
            entries = try pictures.pictures()
            listingError = nil
        } catch {
            entries = []
            listingError = error
        }
        // A name may appear twice (`image.jpg` from two sites): one still in place keeps the selection.
        let stillInPlace = entries.indices.contains(selected) && entries[selected].name == previous
        if !stillInPlace, let previous, let index = entries.firstIndex(where: { $0.name == previous }) {
            selection.select(index, count: entries.count, in: nil)
        } else if !stillInPlace {
            selection.select(selected, count: entries.count, in: nil)
        }
        if let viewing, !entries.indices.contains(viewing) {
            self.viewing = nil
            viewer.close()
        }
        guard let list else { return }
        list.update(rowCount: paddedCount, visibleCount: columnsPerRow * visibleGridRows)  // rebinds the visible cells
        select(selected)
    }

    public func didAppear() { rescan() }

    public func layout(in area: CellRect) {
        self.area = area
        if let list {
            list.update(rowCount: paddedCount, visibleCount: columnsPerRow * visibleGridRows)
        } else {
            var configuration = ListView.Configuration()
            configuration.prefetchDistance = columnsPerRow * 2
            configuration.maximumPrefetchDistance = columnsPerRow * 12
            configuration.cheapPreviews = true  // previews come from EXIF thumbnails only
            let list = ListView(loader: loader, rowCount: paddedCount, visibleCount: columnsPerRow * visibleGridRows,
                                configuration: configuration,
                                preview: { [weak self] index in self?.previewURL(index) }) { [weak self] index in
                self?.thumbnailURL(index)
            }
            list.onCellChange = { [weak self] _, _ in self?.onChange?() }
            self.list = list
        }
        select(selected)
        if let viewing { viewer.show(entries[viewing], in: area, neighbours: neighbours(of: viewing)) }
    }

    public func draw(on canvas: any TextCanvas, area: CellRect, options: DrawOptions) -> [PlacedPicture] {
        if let viewing, entries.indices.contains(viewing) {
            return viewer.draw(entries[viewing], position: viewing, of: entries.count, on: canvas, area: area)
        }
        guard let list, !entries.isEmpty else {
            let text = listingError.map { "\($0)" } ?? pictures.emptyMessage
            canvas.put(SafeText.visible(text), row: area.row + 1, column: area.column + 2, style: .dim)
            return []
        }
        var placed: [PlacedPicture] = []
        let columns = columnsPerRow
        for index in list.visibleRange where index < entries.count {
            let position = index - list.top
            let top = area.row + position / columns * gridRowHeight
            let column = area.column + position % columns * (box.columns + 2)
            let rect = CellRect(row: top, column: column, rows: box.rows, columns: box.columns)
            let cell = list.cell(forRow: index)
            if let picture = cell?.draw(in: rect, on: canvas) { placed.append(picture) }
            // The badge goes in the caption row, before the name: over the picture a terminal's pixels hide it.
            let badge = cell?.badge(showingSource: options.showsBadges).map { "[\($0)] " } ?? ""
            let marker = index == selected ? "▶ " : "  "
            let name = SafeText.fitted(SafeText.visible(entries[index].name),
                                       to: box.columns + 1 - SafeText.width(of: marker + badge))
            canvas.put(marker + badge + name, row: top + box.rows, column: column, width: box.columns + 1,
                       style: index == selected ? [.bold, .reverse] : .dim)
        }
        let spare = area.rows - visibleGridRows * gridRowHeight
        if spare > 0 {
            let entry = entries[selected]
            let line = "\(selected + 1) of \(entries.count) · \(SafeText.visible(entry.name))\(Self.size(entry.size)) · Enter view"
            canvas.put(line, row: area.row + area.rows - 1, column: area.column + 1, style: .dim)
        }
        return placed
    }

    public func handle(_ key: Key) -> ScreenAction {
        if let viewing { return handleViewing(key, at: viewing) }
        guard let list, !entries.isEmpty else { return .unhandled }
        selection.columns = columnsPerRow
        if selection.handle(key, count: entries.count, in: list) { return .none }
        if key == .character("R") {
            list.retryFailed(askingUnreachableHosts: true)
            return .none
        }
        guard key == .enter else { return .unhandled }
        view(selected)
        return .none
    }

    /// The large view's keys, or the grid's.
    public var keyHelp: [KeyHelp] {
        if viewing != nil {
            return [KeyHelp("→ l space PgDn", "next picture"), KeyHelp("← h PgUp", "previous picture"),
                    KeyHelp("g G  Home End", "first / last picture"), KeyHelp("Esc  q", "back to the grid")]
        }
        return [KeyHelp("← → ↑ ↓  h l k j", "choose a picture"), KeyHelp("Enter", "show it as large as the screen"),
                KeyHelp("R", "retry the pictures that failed, now")]
    }

    public func tick() { list?.tick() }

    public func reload() {
        list?.reloadVisible()
        viewer.reload()
    }

    public var placeholderCount: (placeholders: Int, cells: Int) {
        if viewing != nil { return viewer.placeholderCount }
        return list?.placeholderCount ?? (0, 0)
    }

    /// Moves the selection, scrolling the grid by whole rows to keep it visible.
    public func select(_ index: Int) {
        selection.columns = columnsPerRow
        selection.select(index, count: entries.count, in: list)
    }

    private func handleViewing(_ key: Key, at index: Int) -> ScreenAction {
        switch key {
        case .right, .character("l"), .character(" "), .pageDown: view(min(entries.count - 1, index + 1))
        case .left, .character("h"), .backspace, .pageUp: view(max(0, index - 1))
        case .home, .character("g"): view(0)
        case .end, .character("G"): view(entries.count - 1)
        case .escape, .character("q"):
            viewing = nil
            viewer.close()
            rescan()
            list?.retryFailed(askingUnreachableHosts: false)  // the picture may have loaded in the large view
        default: return .unhandled
        }
        return .none
    }

    private func view(_ index: Int) {
        guard entries.indices.contains(index) else { return }
        viewing = index
        select(index)
        viewer.show(entries[index], in: area, neighbours: neighbours(of: index))
    }

    private func neighbours(of index: Int) -> [GalleryEntry] {
        [index + 1, index - 1].filter(entries.indices.contains).map { entries[$0] }
    }

    /// ` · 12 KB` for a caption, or nothing when the size is not known (a URL).
    static func size(_ bytes: Int64?) -> String {
        guard let bytes else { return "" }
        if bytes < 1024 { return " · \(bytes) B" }
        if bytes < 1024 * 1024 { return " · \(bytes / 1024) KB" }
        return String(format: " · %.1f MB", Double(bytes) / 1_048_576)
    }
}
