// ImageCell+Drawing: how an image cell's state is drawn — the picture, a placeholder with progress, or a reason.
import Foundation
import SchemeLoader
import TerminalGraphics
import Thumbnails

extension ImageCell {
    /// Draws the cell into `rect`: text for placeholders and failures; returns the picture to place, if any.
    /// With a `phase` (the frame number), a load of unknown size shows a moving bar instead of dots.
    func draw(in rect: CellRect, on canvas: any TextCanvas, phase: Int? = nil) -> PlacedPicture? {
        switch content {
        case .image(let data, _):
            guard let url else { return nil }
            if let animated = KittyAnimatedPicture(encoded: data) {  // sent once with its frames: kitty plays it
                return PlacedPicture(rect: rect, identity: url.absoluteString, picture: animated.picture, kittyFrames: animated.laterFrames)
            }
            guard let picture = TerminalPicture(encoded: data) else { return nil }
            return PlacedPicture(rect: Self.centred(picture, in: rect, thumbnail: url), identity: url.absoluteString, picture: picture)
        case .preview(let data):
            // Its own identity, so the placer sends the full picture over it when that lands.
            guard let url = previewURL ?? url, let picture = TerminalPicture(encoded: data) else { return nil }
            return PlacedPicture(rect: Self.centred(picture, in: rect, thumbnail: url), identity: "preview " + url.absoluteString,
                                 picture: picture)
        case .placeholder(let fraction):
            // Inside a one-column margin each side; a box of two columns or fewer has no inside.
            let inner = max(0, rect.columns - 2)
            guard inner > 0, rect.rows > 0 else { break }
            let middle = rect.row + rect.rows / 2
            if rect.rows >= 2 {
                canvas.put("loading", row: middle - 1, column: rect.column + 1, width: inner, style: .dim)
            }
            if let fraction, fraction.isFinite {
                let filled = Int((Double(inner) * min(1, max(0, fraction))).rounded())
                let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: inner - filled)
                canvas.put(bar, row: middle, column: rect.column + 1, width: inner, style: [])
            } else if let phase {
                canvas.put(Self.movingBar(width: inner, phase: phase), row: middle, column: rect.column + 1, width: inner, style: [])
            } else {
                canvas.put(String(repeating: "·", count: inner), row: middle, column: rect.column + 1,
                           width: inner, style: .dim)
            }
        case .failed(let reason):
            canvas.put("✗ failed", row: rect.row, column: rect.column, width: rect.columns, style: .bold)
            for (index, line) in SafeText.wrapped(reason, width: rect.columns, maxLines: rect.rows - 1).enumerated() {
                canvas.put(line, row: rect.row + 1 + index, column: rect.column, width: rect.columns, style: .dim)
            }
        case .empty:
            break
        }
        return nil
    }

    /// Where `picture` goes in `rect`: a sixel (drawn from its top-left cell at its own pixel size) in the cells it
    /// covers, centred as a kitty picture is (`PlacedPicture.coveredRect`); anything else in the whole of `rect`.
    static func centred(_ picture: TerminalPicture, in rect: CellRect, thumbnail url: URL) -> CellRect {
        guard case .sixel(let data) = picture, let box = try? ThumbnailURL(url: url).box,
              let cells = SixelRaster.cells(of: data, cellWidth: box.cellWidth, cellHeight: box.cellHeight) else { return rect }
        return rect.centred(columns: cells.columns, rows: cells.rows)
    }

    /// A bar of `width` cells with a short block that sweeps across it and back as `phase` grows
    /// (progress of unknown length: the render is running, the screen is not frozen).
    static func movingBar(width: Int, phase: Int) -> String {
        guard width > 0 else { return "" }
        let block = max(1, min(3, width / 4))
        let travel = max(1, width - block)
        let step = phase % (2 * travel)
        let start = step < travel ? step : 2 * travel - step
        return String(repeating: "░", count: start) + String(repeating: "█", count: block)
            + String(repeating: "░", count: max(0, width - start - block))
    }

    /// The cell's badge: "old" on a stale copy that could not be revalidated (always), and with
    /// `showingSource` the one letter for where the picture came from; `nil` when there is nothing to say.
    func badge(showingSource: Bool) -> String? {
        let stale = isStale ? "old" : nil
        guard showingSource, let letter = sourceLetter else { return stale }
        return [letter, stale].compactMap { $0 }.joined(separator: " ")
    }

    private var sourceLetter: String? {
        if content.isPreview { return "P" }
        guard case .image(_, let source) = content else { return nil }
        return switch source {
        case .memory: "M"
        case .disk: "D"
        case .handler: "H"
        }
    }
}
