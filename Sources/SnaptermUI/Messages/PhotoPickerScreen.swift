// PhotoPickerScreen: a grid of gallery thumbnails; pick one, edit it (rotate, crop, filter), attach it.
import Foundation
import MessageStore
import SchemeLoader
import TerminalGraphics
import Thumbnails

/// Chooses a gallery photo for a draft. Enter on a photo opens the editor: `r` rotates, `c`
/// cycles crop presets, `f` cycles filters — each edit only changes the `asset://` URL, and the
/// preview is that URL's picture, asked for at once after each key (the previous render is
/// cancelled: the newest edit wins). The current rotation, crop and filter are named under it; while
/// the picture renders, a moving bar and "rendering…" show (keys keep working). Enter attaches the
/// edited URL to the draft; Esc goes back.
@MainActor
public final class PhotoPickerScreen: Screen {
    public var title: String { editing == nil ? "Pick a photo" : "Edit photo" }
    public var onChange: (() -> Void)?
    /// The photo under the cursor.
    public var selected: Int { selection.index }
    /// The photo being edited (its URL carries the edits), if any.
    public private(set) var editing: AssetURL?

    /// Crop presets offered by `c`: the centre square (square in pixels, resolved from the photo's size when it is
    /// drawn), then normalised rectangles (x, y, width, height).
    static let cropPresets: [(name: String, crop: AssetCrop)] = [
        ("whole", .full), ("centre square", .centreSquare), ("centre", fraction(0.15, 0.15, 0.7, 0.7)),
        ("left half", fraction(0, 0, 0.5, 1)), ("right half", fraction(0.5, 0, 0.5, 1)), ("top half", fraction(0, 0, 1, 0.5)),
    ]

    private static func fraction(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> AssetCrop {
        (try? AssetCrop(x: x, y: y, width: width, height: height)) ?? .full
    }
    /// The width attached photos are sized to (the aspect ratio is kept).
    static let attachedWidth = 1280

    private let photos: [GalleryPhoto]
    private let composer: DraftComposer
    private let loader: SchemeLoader
    private let box: ThumbnailBox
    private let previewBox: ThumbnailBox
    private var cropIndex = 0
    private var cells: [Int: ImageCell] = [:]
    private let preview: ImageCell
    private var area = CellRect(row: 0, column: 0, rows: 1, columns: 1)
    private var selection = ListSelection()

    /// Creates the picker for `composer`'s draft; `box` sizes the grid thumbnails, `previewBox`
    /// carries the cell size and mode for the editor's preview (its size follows the screen).
    public init(photos: [GalleryPhoto], composer: DraftComposer, loader: SchemeLoader, box: ThumbnailBox, previewBox: ThumbnailBox) {
        self.photos = photos
        self.composer = composer
        self.loader = loader
        self.box = box
        self.previewBox = previewBox
        preview = ImageCell(loader: loader)
        preview.onChange = { [weak self] _ in self?.onChange?() }
    }

    /// The `asset://` URL of photo `index` without edits.
    public func photoURL(_ index: Int) -> AssetURL? {
        guard photos.indices.contains(index) else { return nil }
        return try? AssetURL(id: photos[index].id, width: Self.attachedWidth)
    }

    private var columnsPerRow: Int { max(1, (area.columns + 2) / (box.columns + 2)) }
    private var gridRowHeight: Int { box.rows + 1 }
    private var visibleGridRows: Int { max(1, area.rows / gridRowHeight) }

    public func layout(in area: CellRect) {
        self.area = area
        selection.columns = columnsPerRow
        selection.select(selection.index, count: photos.count, visible: visibleCount)
        bindVisible()
        if editing != nil { showPreview() }
    }

    public func draw(on canvas: any TextCanvas, area: CellRect, options: DrawOptions) -> [PlacedPicture] {
        editing == nil ? drawGrid(on: canvas, options: options) : drawEditor(on: canvas, phase: options.phase)
    }

    /// The editor's preview: the thumbnail URL it shows (the edited photo at the screen's size) and its state.
    public var previewCell: (url: URL?, content: ImageCellContent) { (preview.url, preview.content) }

    /// True while the editor waits for the edited picture.
    public var isRendering: Bool { editing != nil && preview.content.isPlaceholder }

    /// `rotate 90° · crop centre · filter mono`: the edits in force.
    public var editSummary: String? {
        guard let editing else { return nil }
        return "rotate \(editing.rotate)° · crop \(Self.cropPresets[cropIndex].name) · filter \(editing.filter.rawValue)"
    }

    public func handle(_ key: Key) -> ScreenAction {
        if editing != nil { return handleEditing(key) }
        if selection.handle(key, count: photos.count, visible: visibleCount) {
            bindVisible()
            return .none
        }
        switch key {
        case .enter:
            editing = photoURL(selected)
            cropIndex = 0
            showPreview()
        case .escape: return .pop
        default: return .unhandled
        }
        return .none
    }

    /// The photo editor's keys, or the picker's.
    public var keyHelp: [KeyHelp] {
        guard editing == nil else {
            return [KeyHelp("r", "rotate 90°"), KeyHelp("c", "crop: the next preset (square, 16:9, …)"),
                    KeyHelp("f", "filter: the next one"), KeyHelp("Enter", "attach the edited photo to the draft"),
                    KeyHelp("Esc", "back to the photos, without attaching")]
        }
        return [KeyHelp("← → ↑ ↓  h l k j", "choose a photo"), KeyHelp("PgUp PgDn  g G", "a screen up or down, the first or last"),
                KeyHelp("Enter", "edit it (then Enter attaches it)"),
                KeyHelp("Esc", "back to the conversation")]
    }

    public func tick() {}

    public func reload() {
        cells.values.forEach { $0.reload() }
        preview.reload()
    }

    public var placeholderCount: (placeholders: Int, cells: Int) {
        let shown = editing == nil ? Array(cells.values) : [preview]
        return (shown.filter { $0.content.isPlaceholder }.count, shown.count)
    }

    private func handleEditing(_ key: Key) -> ScreenAction {
        guard var url = editing else { return .none }
        switch key {
        case .character("r"): url.rotate = (url.rotate + 90) % 360
        case .character("f"):
            let all = AssetFilter.allCases
            url.filter = all[((all.firstIndex(of: url.filter) ?? 0) + 1) % all.count]
        case .character("c"):
            cropIndex = (cropIndex + 1) % Self.cropPresets.count
            url.crop = Self.cropPresets[cropIndex].crop
        case .enter:
            composer.attach(url.url)
            return .pop
        case .escape:
            editing = nil
            preview.prepareForReuse()
            bindVisible()
            return .none
        default: return .unhandled
        }
        editing = url
        showPreview()
        return .none
    }

    /// Photos that fit on screen: whole grid rows.
    private var visibleCount: Int { visibleGridRows * columnsPerRow }

    private var visibleIndices: Range<Int> { selection.visibleRange(count: photos.count, visible: visibleCount) }

    private func bindVisible() {
        let visible = visibleIndices
        for (index, cell) in cells where !visible.contains(index) {
            cell.prepareForReuse()
            cells[index] = nil
        }
        for index in visible where cells[index] == nil {
            let cell = ImageCell(loader: loader)
            cell.onChange = { [weak self] _ in self?.onChange?() }
            cells[index] = cell
            if let url = photoURL(index) { cell.show(ThumbnailURL(source: url.url, box: box).url) }
        }
    }

    private func showPreview() {
        guard let editing else { return }
        composer.prepare(alsoAttaching: editing.url)  // sent as it is now if attached: made ready meanwhile
        var box = previewBox
        box.columns = max(1, area.columns)
        box.rows = max(1, area.rows - 3)
        preview.show(ThumbnailURL(source: editing.url, box: box).url, priority: .veryHigh)
    }

    private func drawGrid(on canvas: any TextCanvas, options: DrawOptions) -> [PlacedPicture] {
        var placed: [PlacedPicture] = []
        for index in visibleIndices {
            let gridRow = (index - selection.top) / columnsPerRow
            let column = area.column + (index % columnsPerRow) * (box.columns + 2)
            let top = area.row + gridRow * gridRowHeight
            let rect = CellRect(row: top, column: column, rows: box.rows, columns: box.columns)
            if let picture = cells[index]?.draw(in: rect, on: canvas) { placed.append(picture) }
            let caption = (index == selected ? "▶ " : "  ") + photos[index].title
            canvas.put(caption, row: top + box.rows, column: column, width: box.columns + 1,
                       style: index == selected ? [.bold, .reverse] : .dim)
        }
        if photos.isEmpty { canvas.put("The gallery is empty.", row: area.row + 1, column: area.column + 2, style: .dim) }
        return placed
    }

    private func drawEditor(on canvas: any TextCanvas, phase: Int) -> [PlacedPicture] {
        guard let editing, let summary = editSummary else { return [] }
        let rect = CellRect(row: area.row, column: area.column, rows: max(1, area.rows - 3), columns: area.columns)
        let picture = preview.draw(in: rect, on: canvas, phase: phase)
        canvas.put(summary + (isRendering ? " · rendering…" : ""), row: area.row + area.rows - 3, column: area.column,
                   width: area.columns, style: .bold)
        // The photo by its name and the size it is attached at — never its asset:// URL, which is for the loader.
        let name = photos.indices.contains(selected) ? photos[selected].title : "photo"
        canvas.put(SafeText.visible(name) + " · attached \(Self.attachedWidth) px wide", row: area.row + area.rows - 2,
                   column: area.column, width: area.columns, style: .dim)
        canvas.put("r rotate · c crop · f filter · Enter attach · Esc back", row: area.row + area.rows - 1,
                   column: area.column, style: .dim)
        return picture.map { [$0] } ?? []
    }
}
