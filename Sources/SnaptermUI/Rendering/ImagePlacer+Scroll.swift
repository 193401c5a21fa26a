// ImagePlacer+Scroll: let a sixel terminal move the pictures — when every picture on screen moved by the
// same whole number of rows, scroll the region (DECSTBM + SU/SD) instead of re-sending them.
import Foundation
import TerminalGraphics

extension ImagePlacer {
    /// A region scroll that brings the sixel pictures on screen to their new places.
    public struct RegionScroll: Sendable, Equatable {
        /// The rows scrolled.
        public var region: CellRect
        /// Rows moved: positive up (the list scrolled down), negative down.
        public var delta: Int
        /// The terminal bytes: scroll region, scroll, region reset, with the cursor kept.
        public var bytes: Data
        /// The row just outside the region that pixels scrolled out of the region may still cover
        /// (xterm leaves them there): erased in `bytes`, to be rewritten by the text refresh.
        public var garbledRow: Int
    }

    /// The scroll of `region` after which the sixel pictures on screen stand where `pictures` wants
    /// them, or `nil` when there is none (nothing moved, moves differ, a picture would be cut by the
    /// region's edge). Every picture that stays in the region must be wanted at its scrolled place.
    public func regionScroll(to pictures: [PlacedPicture], in region: CellRect) -> RegionScroll? {
        let inside = onScreen.filter { Self.contains(region, $0.key) }
        guard !inside.isEmpty, inside.count == onScreen.count else { return nil }
        var wanted: [CellRect: String] = [:]
        for picture in pictures {
            guard case .sixel = picture.picture else { return nil }
            wanted[picture.rect] = picture.identity
        }
        // the delta most pictures agree on
        var votes: [Int: Int] = [:]
        for (rect, identity) in inside {
            for (target, name) in wanted where name == identity && target.column == rect.column
                && target.rows == rect.rows && target.columns == rect.columns && target.row != rect.row {
                votes[rect.row - target.row, default: 0] += 1
            }
        }
        guard let delta = votes.max(by: { ($0.value, -abs($0.key)) < ($1.value, -abs($1.key)) })?.key,
              abs(delta) < region.rows else { return nil }
        var kept = 0
        for (rect, identity) in inside {
            var moved = rect
            moved.row -= delta
            if Self.contains(region, moved) {
                guard wanted[moved] == identity else { return nil }
                kept += 1
            } else if moved.row + moved.rows > region.row && moved.row < region.row + region.rows {
                return nil  // it would be cut by the region's edge: part of it would stay
            }
        }
        guard kept > 0 else { return nil }
        let garbledRow = delta > 0 ? region.row - 1 : region.row + region.rows
        var bytes = Data((EscapeSequence.scrollRegion(row: region.row, rows: region.rows) + EscapeSequence.scroll(delta)
                          + EscapeSequence.wholeScreenScrollRegion).utf8)
        if garbledRow >= 0 { bytes += TerminalLayer.erase(row: garbledRow, column: 0, rows: 1, columns: region.column + region.columns) }
        bytes = TerminalLayer.keepingCursor(bytes)
        return RegionScroll(region: region, delta: delta, bytes: bytes, garbledRow: garbledRow)
    }

    /// Records that the terminal scrolled: pictures move with it, those scrolled out are gone.
    public func apply(_ scroll: RegionScroll) {
        var moved: [CellRect: String] = [:]
        for (rect, identity) in onScreen {
            var shifted = rect
            shifted.row -= scroll.delta
            if Self.contains(scroll.region, shifted) { moved[shifted] = identity }
        }
        onScreen = moved
    }

    private static func contains(_ region: CellRect, _ rect: CellRect) -> Bool {
        rect.row >= region.row && rect.row + rect.rows <= region.row + region.rows
            && rect.column >= region.column && rect.column + rect.columns <= region.column + region.columns
    }
}
