// PlacesListShot: states of the places list on a screenshot (xterm or kitty) that the real-terminal tests wait for.
import Foundation
import SchemeLoader
import TestSupport

/// The places list's thumbnails on a screenshot: 26×6 cells, one list row every 7 terminal rows below the header
/// (crops a few pixels inside each). A map has many colours; a blank area has one.
enum PlacesListShot {
    /// The crop of list row `row`'s thumbnail.
    static func thumbnail(_ row: Int, in grid: ScreenGrid) -> String {
        grid.crop(row: 1 + 7 * row, column: 0, rows: 6, columns: 25, inset: 4)
    }

    /// Whether the five visible rows of `shot` each show a thumbnail (more than 20 colours). `border` is the
    /// terminal's padding in pixels (xterm 2, kitty 0).
    static func everyThumbnailDrawn(_ shot: URL, geometry: String, border: Int = 2) async throws -> Bool {
        let grid = try await OffPool.run { try ScreenGrid(screenshot: shot, geometry: geometry, border: border) }
        for row in 0..<5 where try await TermShot.distinctColours(of: shot, crop: thumbnail(row, in: grid)) <= 20 {
            return false
        }
        return true
    }

    /// A check for `capture(…until:)` that holds once every thumbnail is drawn and the same as on the screenshot
    /// before: the list has settled (a text-art stand-in, many-coloured too, is replaced once its picture is ready).
    static func settled(geometry: String, border: Int = 2) -> @Sendable (URL) async throws -> Bool {
        let previous = Locked<URL?>(nil)
        return { shot in
            let before = previous.withLock { value in
                defer { value = shot }
                return value
            }
            guard let before, try await everyThumbnailDrawn(shot, geometry: geometry, border: border) else { return false }
            return try await sameThumbnails(before, rows: Array(0..<5), shot, rows: Array(0..<5), geometry: geometry, border: border)
        }
    }

    /// Whether the thumbnails of `rows` in `first` are, pixel for pixel, those of `otherRows` in `second`.
    static func sameThumbnails(_ first: URL, rows: [Int], _ second: URL, rows otherRows: [Int], geometry: String,
                               border: Int = 2) async throws -> Bool {
        let grid = try await OffPool.run { try ScreenGrid(screenshot: first, geometry: geometry, border: border) }
        for (row, other) in zip(rows, otherRows) {
            let changed = try await TermShot.differingPixels(first, at: thumbnail(row, in: grid), second, at: thumbnail(other, in: grid))
            if changed != 0 { return false }
        }
        return true
    }
}
