// MapDetailScreen: one place's snapshot, large, with zoom (+/-) and panning (arrows).
import Foundation
import SchemeLoader
import Thumbnails

/// A large map snapshot of one place that the user can zoom and pan; each change is a new URL.
@MainActor
public final class MapDetailScreen: Screen {
    public var title: String { "Map — \(place.name)" }
    /// The place shown.
    public let place: Place
    /// The current centre and zoom.
    public private(set) var latitude: Double, longitude: Double, zoom: Double

    public var onChange: (() -> Void)?

    private let cell: ImageCell
    private var box: ThumbnailBox
    private var pictureRect = CellRect(row: 0, column: 0, rows: 1, columns: 1)

    /// Creates the screen for `place`; `box` carries the cell size and graphics mode (its size is replaced).
    public init(place: Place, loader: SchemeLoader, box: ThumbnailBox) {
        self.place = place
        self.box = box
        latitude = place.latitude
        longitude = place.longitude
        zoom = 10
        cell = ImageCell(loader: loader)
        cell.onChange = { [weak self] _ in self?.onChange?() }
    }

    /// The thumbnail URL for the current view, its pin on the place (not the centre once panned).
    public var url: URL? {
        let pixels = box.pixelSize
        guard let map = try? MapSnapshotURL(latitude: latitude, longitude: longitude, zoom: zoom,
                                            width: min(2048, max(1, pixels.width)), height: min(2048, max(1, pixels.height)),
                                            pinLatitude: place.latitude, pinLongitude: place.longitude)
        else { return nil }
        return ThumbnailURL(source: map.url, box: box).url
    }

    public func layout(in area: CellRect) {
        pictureRect = CellRect(row: area.row, column: area.column, rows: max(1, area.rows - 2), columns: max(1, area.columns))
        box.columns = pictureRect.columns
        box.rows = pictureRect.rows
        cell.show(url, priority: .veryHigh)
    }

    public func draw(on canvas: any TextCanvas, area: CellRect, options: DrawOptions) -> [PlacedPicture] {
        let picture = cell.draw(in: pictureRect, on: canvas)
        let caption = String(format: "%@ · %.4f°, %.4f° · zoom %.0f   +/- zoom · arrows pan · Esc back",
                             place.name, latitude, longitude, zoom)
        canvas.put(caption, row: area.row + area.rows - 1, column: area.column, style: .dim)
        return picture.map { [$0] } ?? []
    }

    public func handle(_ key: Key) -> ScreenAction {
        let degreesPerPixel = 360 / (256 * pow(2, zoom))
        let step = degreesPerPixel * Double(box.pixelSize.width) / 4
        switch key {
        case .character("+"), .character("="): zoom = min(16, zoom + 1)
        case .character("-"): zoom = max(0, zoom - 1)
        case .left, .character("h"): longitude = Self.wrap(longitude - step)
        case .right, .character("l"): longitude = Self.wrap(longitude + step)
        case .up, .character("k"): latitude = min(85, latitude + step * cos(latitude * .pi / 180))
        case .down, .character("j"): latitude = max(-85, latitude - step * cos(latitude * .pi / 180))
        case .escape, .backspace: return .pop
        default: return .unhandled
        }
        cell.show(url, priority: .veryHigh)
        return .none
    }

    /// The map's keys.
    public var keyHelp: [KeyHelp] {
        [KeyHelp("+ -", "zoom in / out"), KeyHelp("← → ↑ ↓  h l k j", "pan"), KeyHelp("Esc  Backspace", "back to the places")]
    }

    public func tick() {}

    public func reload() { cell.reload() }

    public var placeholderCount: (placeholders: Int, cells: Int) { (cell.content.isPlaceholder ? 1 : 0, 1) }

    private static func wrap(_ longitude: Double) -> Double {
        var value = longitude
        while value > 180 { value -= 360 }
        while value < -180 { value += 360 }
        return value
    }
}
