// GalleryPictureViewer: one picture of a gallery as large as the screen, its neighbours prefetched.
import Foundation
import SchemeLoader
import TerminalGraphics
import Thumbnails

/// The large picture of `GalleryScreen`: an image cell sized to the screen (less one row for the
/// caption), with the previous and next pictures prefetched at low priority so ←/→ usually find
/// them in the memory cache. An animated GIF or WebP plays (`PictureAnimation`) when the viewer `animates`.
@MainActor
final class GalleryPictureViewer {
    var onChange: (() -> Void)?
    private let box: ThumbnailBox
    private let cell: ImageCell
    private let prefetcher: Prefetcher
    private let animation: PictureAnimation?

    /// `loader` loads thumbnails, and the frames of animations when the viewer `animates`.
    init(loader: SchemeLoader, box: ThumbnailBox, animates: Bool = false) {
        self.box = box
        cell = ImageCell(loader: loader)
        prefetcher = Prefetcher(loader: loader)
        animation = animates ? PictureAnimation(loader: loader) : nil
        cell.onChange = { [weak self] _ in self?.onChange?() }
        animation?.onChange = { [weak self] in self?.onChange?() }
    }

    /// The box of the large picture in `area`: the whole width, all rows but the caption's.
    func pictureBox(in area: CellRect) -> ThumbnailBox {
        var sized = box
        sized.columns = max(1, min(ThumbnailBox.cellRange.upperBound, area.columns))
        sized.rows = max(1, min(ThumbnailBox.cellRange.upperBound, area.rows - 1))
        return sized
    }

    /// Shows `entry` sized to `area`, and prefetches `neighbours` at the same size.
    func show(_ entry: GalleryEntry, in area: CellRect, neighbours: [GalleryEntry]) {
        let sized = pictureBox(in: area)
        cell.show(ThumbnailURL(source: entry.url, box: sized).url, priority: .veryHigh)
        animation?.play(entry.url, box: sized)
        prefetcher.prefetch(neighbours.indices.map { (row: $0, priority: .low) }) { ThumbnailURL(source: neighbours[$0].url, box: sized).url }
    }

    /// Stops showing (back to the grid).
    func close() {
        prefetcher.cancelAll()
        animation?.stop()
        cell.prepareForReuse()
    }

    func reload() { cell.reload() }

    var placeholderCount: (placeholders: Int, cells: Int) { (cell.content.isPlaceholder ? 1 : 0, 1) }

    /// The picture, then one caption row: its name, position and size (when known), and the keys.
    func draw(_ entry: GalleryEntry, position: Int, of count: Int, on canvas: any TextCanvas, area: CellRect) -> [PlacedPicture] {
        let rect = CellRect(row: area.row, column: area.column, rows: max(1, area.rows - 1), columns: area.columns)
        let picture = animation?.placed(in: rect) ?? cell.draw(in: rect, on: canvas)
        let caption = "\(position + 1) of \(count) · \(SafeText.visible(entry.name))\(GalleryScreen.size(entry.size))"
            + " · ←/→ previous/next · Esc back"
        canvas.put(caption, row: area.row + area.rows - 1, column: area.column, width: area.columns, style: .dim)
        return picture.map { [$0] } ?? []
    }
}
