// LocationPickerScreen: choose a place (type to filter) with a map preview; Enter attaches its map://.
import Foundation
import SchemeLoader
import TerminalGraphics
import Thumbnails

/// Chooses a location for a draft: a filterable list of places on the left, the selected place's
/// map on the right. Enter attaches its `map://` URL; Esc goes back.
@MainActor
public final class LocationPickerScreen: Screen {
    public let title = "Attach a location"
    public var onChange: (() -> Void)?
    /// What was typed to filter the places.
    public private(set) var filter = ""
    /// The places matching the filter.
    public private(set) var matches: [Place]
    /// The selected match.
    public var selected: Int { selection.index }

    private let places: [Place]
    private let composer: DraftComposer
    private let previewBox: ThumbnailBox
    private let preview: ImageCell
    private var area = CellRect(row: 0, column: 0, rows: 1, columns: 1)
    private var selection = ListSelection()
    /// Places that fit under the filter line.
    private var visibleCount: Int { max(1, area.rows - 1) }

    /// Creates the picker for `composer`'s draft; `previewBox` carries the cell size and mode.
    public init(places: [Place], composer: DraftComposer, loader: SchemeLoader, previewBox: ThumbnailBox) {
        self.places = places
        matches = places
        self.composer = composer
        self.previewBox = previewBox
        preview = ImageCell(loader: loader)
        preview.onChange = { [weak self] _ in self?.onChange?() }
    }

    /// The `map://` URL attached for `place`.
    public static func mapURL(for place: Place) -> URL? {
        try? MapSnapshotURL(latitude: place.latitude, longitude: place.longitude, zoom: 11, width: 640, height: 400).url
    }

    private var listWidth: Int { min(36, area.columns / 2) }
    private var previewRect: CellRect {
        CellRect(row: area.row + 1, column: area.column + listWidth + 2, rows: max(1, min(area.rows - 2, 16)),
                 columns: max(1, area.columns - listWidth - 2))
    }

    public func layout(in area: CellRect) {
        self.area = area
        selection.select(selection.index, count: matches.count, visible: visibleCount)
        showPreview()
    }

    public func draw(on canvas: any TextCanvas, area: CellRect, options: DrawOptions) -> [PlacedPicture] {
        canvas.put("Find: " + SafeText.visible(filter) + "▏", row: area.row, column: area.column, width: listWidth, style: .bold)
        for index in selection.visibleRange(count: matches.count, visible: visibleCount) {
            let place = matches[index], offset = index - selection.top
            let text = (index == selected ? "▶ " : "  ") + place.name + ", " + place.country
            canvas.put(SafeText.visible(text), row: area.row + 1 + offset, column: area.column, width: listWidth,
                       style: index == selected ? [.bold, .reverse] : [])
        }
        if matches.isEmpty { canvas.put("  no place matches", row: area.row + 1, column: area.column, style: .dim) }
        canvas.put("type to find · ↑↓ choose · Enter attach · Esc back", row: area.row + area.rows - 1,
                   column: area.column + listWidth + 2, style: .dim)
        let picture = preview.draw(in: previewRect, on: canvas)
        return picture.map { [$0] } ?? []
    }

    public func handle(_ key: Key) -> ScreenAction {
        switch key {
        case .down, .up, .pageDown, .pageUp, .home, .end, .wheelDown, .wheelUp:
            // letters type the filter here: only the keys that are not letters move
            _ = selection.handle(key, count: matches.count, visible: visibleCount)
            showPreview()
        case .enter:
            guard matches.indices.contains(selected), let url = Self.mapURL(for: matches[selected]) else { return .none }
            composer.attach(url)
            return .pop
        case .escape: return .pop
        case .backspace:
            guard !filter.isEmpty else { return .none }
            filter.removeLast()
            applyFilter()
        case .character(let character):
            filter.append(character)
            applyFilter()
        default: return .unhandled
        }
        return .none
    }

    /// The location picker's keys: letters type a filter here.
    public var keyHelp: [KeyHelp] {
        [KeyHelp("letters", "filter the places by name"), KeyHelp("↑ ↓ PgUp PgDn Home End", "choose a place"),
         KeyHelp("Enter", "attach its map to the draft"), KeyHelp("Backspace", "delete a letter of the filter"),
         KeyHelp("Esc", "back to the conversation")]
    }

    public func tick() {}

    public func reload() { preview.reload() }

    public var placeholderCount: (placeholders: Int, cells: Int) { (preview.content.isPlaceholder ? 1 : 0, 1) }

    private func applyFilter() {
        let needle = filter.lowercased()
        matches = needle.isEmpty ? places : places.filter { $0.name.lowercased().contains(needle) || $0.country.lowercased() == needle }
        selection.select(0, count: matches.count, visible: visibleCount)
        showPreview()
    }

    private func showPreview() {
        guard matches.indices.contains(selected), let map = Self.mapURL(for: matches[selected]) else {
            preview.prepareForReuse()
            return
        }
        var box = previewBox
        box.columns = previewRect.columns
        box.rows = previewRect.rows
        preview.show(ThumbnailURL(source: map, box: box).url)
    }
}
