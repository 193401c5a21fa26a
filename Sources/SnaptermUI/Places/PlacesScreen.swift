// PlacesScreen: the scrolling list of places, each row a map snapshot beside its name.
import Foundation
import SchemeLoader
import Thumbnails

/// The gallery of map snapshots: one row per place, a thumbnail on the left, text on the right.
@MainActor
public final class PlacesScreen: Screen {
    public let title = "Places"
    /// Terminal rows per list row (the picture takes all but one).
    public let rowHeight: Int
    /// Map zoom of the row thumbnails: wide enough to show coasts and neighbours around a city.
    public static let thumbnailZoom = 8.0
    /// The places shown.
    public let places: [Place]
    /// The selected row.
    public var selected: Int { selection.index }
    private var selection = ListSelection()
    /// The list model (after the first layout).
    public private(set) var list: ListView?
    public var onChange: (() -> Void)?

    private let loader: SchemeLoader
    private var box: ThumbnailBox

    /// Creates the screen; `box` gives the thumbnail size in cells, the cell size and the graphics mode.
    public init(places: [Place], loader: SchemeLoader, box: ThumbnailBox) {
        self.places = places
        self.loader = loader
        self.box = box
        rowHeight = box.rows + 1
    }

    /// The thumbnail URL of row `row`.
    public func thumbnailURL(row: Int) -> URL? {
        guard places.indices.contains(row) else { return nil }
        let place = places[row]
        let pixels = box.pixelSize
        guard let map = try? MapSnapshotURL(latitude: place.latitude, longitude: place.longitude, zoom: Self.thumbnailZoom,
                                            width: max(1, pixels.width), height: max(1, pixels.height)) else { return nil }
        return ThumbnailURL(source: map.url, box: box).url
    }

    /// The preview of row `row` while its sixel thumbnail loads: text art of the same snapshot (it shares
    /// the snapshot's render and skips the sixel encoding). `nil` when thumbnails are text art already.
    public func previewURL(row: Int) -> URL? {
        guard let full = thumbnailURL(row: row), let thumbnail = try? ThumbnailURL(url: full) else { return nil }
        return StandInPolicy(box: box).previewURL(of: thumbnail.source)
    }

    public func layout(in area: CellRect) {
        let visible = max(1, area.rows / rowHeight)
        if let list {
            list.resize(visibleCount: visible)
        } else {
            let list = ListView(loader: loader, rowCount: places.count, visibleCount: visible,
                                preview: { [weak self] row in self?.previewURL(row: row) }) { [weak self] row in
                self?.thumbnailURL(row: row)
            }
            list.onCellChange = { [weak self] _, _ in self?.onChange?() }
            self.list = list
        }
    }

    public func draw(on canvas: any TextCanvas, area: CellRect, options: DrawOptions) -> [PlacedPicture] {
        guard let list else { return [] }
        var pictures: [PlacedPicture] = []
        let textColumn = area.column + box.columns + 2
        for row in list.visibleRange {
            let top = area.row + (row - list.top) * rowHeight
            let rect = CellRect(row: top, column: area.column, rows: box.rows, columns: box.columns)
            let cell = list.cell(forRow: row)
            if let picture = cell?.draw(in: rect, on: canvas) { pictures.append(picture) }
            let place = places[row]
            let marker = row == selected ? "▶ " : "  "
            canvas.put(marker + place.name, row: top, column: textColumn - 2, style: row == selected ? [.bold, .reverse] : .bold)
            canvas.put("\(place.country) · population \(Self.grouped(place.population))", row: top + 1, column: textColumn)
            canvas.put(String(format: "%.4f°, %.4f°", place.latitude, place.longitude), row: top + 2, column: textColumn, style: .dim)
            canvas.put("#\(row + 1) of \(places.count)", row: top + 3, column: textColumn, style: .dim)
            if let badge = cell?.badge(showingSource: options.showsBadges) {
                canvas.put("[\(badge)]", row: top + box.rows - 1, column: textColumn, style: .reverse)
            }
        }
        return pictures
    }

    public func handle(_ key: Key) -> ScreenAction {
        guard let list else { return .unhandled }
        if selection.handle(key, count: places.count, in: list) { return .none }
        guard key == .enter else { return .unhandled }
        return places.isEmpty ? .none : .push(.mapDetail(places[selected]))
    }

    /// The places' keys.
    public var keyHelp: [KeyHelp] { [KeyHelp("Enter", "open the place's map (+ - zoom, arrows pan)")] }

    public func tick() { list?.tick() }

    public func reload() { list?.reloadVisible() }

    public var placeholderCount: (placeholders: Int, cells: Int) { list?.placeholderCount ?? (0, 0) }

    /// Moves the selection, scrolling to keep it visible.
    public func select(_ row: Int) {
        selection.select(row, count: places.count, in: list)
    }

    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        return digits.enumerated().reduce(into: "") { text, item in
            if item.offset > 0, (digits.count - item.offset) % 3 == 0 { text += "," }
            text.append(item.element)
        }
    }
}
