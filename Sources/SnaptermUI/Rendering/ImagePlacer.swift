// ImagePlacer: sends pictures to the terminal after ncurses has drawn — only those that moved or
// changed — and erases the cells pictures left; kitty pictures go through KittyPlacer.
import Foundation
import TerminalGraphics

/// Remembers what is on screen and computes the bytes of the next frame's pictures.
@MainActor
public final class ImagePlacer {
    /// What a frame sent.
    public struct FrameReport: Sendable, Equatable {
        /// Pictures sent.
        public var sent = 0
        /// Pictures left in place (not re-sent).
        public var kept = 0
        /// Rectangles erased.
        public var erased = 0
        /// Pictures transmitted to the terminal's image store (kitty only; each also counts as sent).
        public var transmitted = 0
    }

    var onScreen: [CellRect: String] = [:]
    private let kitty: KittyPlacer
    private let placeholders: KittyPlaceholderPlacer?

    /// Creates a placer; with `kittyPlaceholders` (kitty inside tmux) kitty pictures are drawn as
    /// Unicode placeholder text and their images sent through tmux passthrough. Kitty image ids
    /// come from `ids` (this process's own sequence).
    public init(kittyPlaceholders: Bool = false, ids: KittyImageIDs = .process) {
        kitty = KittyPlacer(ids: ids)
        placeholders = kittyPlaceholders ? KittyPlaceholderPlacer(ids: ids) : nil
    }

    /// Forgets what is on screen (after a clear, a resize or Ctrl-L): the next frame sends everything.
    public func invalidate() {
        onScreen = [:]
        kitty.invalidate()
        placeholders?.invalidate()
    }

    /// The bytes that leave nothing behind on quit: vacated cells erased, kitty placements deleted and images freed.
    public func finish() -> Data {
        frame([]).erase + kitty.finish() + (placeholders?.finish() ?? Data())
    }

    /// The bytes of one frame's pictures, in two parts: `erase` blanks the cells pictures left (write
    /// it before the text refresh, so text drawn there now is not wiped), `draw` sends the pictures
    /// that moved or changed (write it after the refresh, over the text). Both keep the cursor.
    public struct Frame: Sendable {
        public var erase = Data()
        public var draw = Data()
        public var report = FrameReport()
    }

    /// Brings the screen from the last frame's pictures to `pictures`.
    public func frame(_ requested: [PlacedPicture]) -> Frame {
        var frame = Frame()
        var all = requested, passthrough = Data()
        if let placeholders {
            let converted = placeholders.frame(requested)
            all = converted.pictures
            passthrough = converted.bytes
            frame.report.transmitted += converted.report.transmitted
        }
        let kittyFrame = kitty.frame(all)
        let pictures = all.filter { if case .kitty = $0.picture { false } else { true } }
        let wanted = Dictionary(pictures.map { ($0.rect, $0) }, uniquingKeysWith: { first, _ in first })
        for (rect, identity) in onScreen where wanted[rect]?.identity != identity {
            onScreen[rect] = nil
            if wanted[rect]?.replacesInPlace == true { continue }  // drawn over whole below
            frame.erase += TerminalLayer.erase(row: rect.row, column: rect.column, rows: rect.rows, columns: rect.columns)  // vacated, or about to hold another picture
            frame.report.erased += 1
        }
        for picture in pictures {
            if onScreen[picture.rect] == picture.identity {
                frame.report.kept += 1
                continue
            }
            frame.draw += Self.draw(picture)
            onScreen[picture.rect] = picture.identity
            frame.report.sent += 1
        }
        frame.erase = TerminalLayer.keepingCursor(frame.erase)
        frame.draw = TerminalLayer.keepingCursor(frame.draw)
        frame.draw = passthrough + frame.draw  // images reach the terminal before their placeholder text
        frame.draw += kittyFrame.bytes  // kitty placements float over the text: order does not matter
        frame.report.sent += kittyFrame.report.placed
        frame.report.kept += kittyFrame.report.kept
        frame.report.erased += kittyFrame.report.deleted
        frame.report.transmitted += kittyFrame.report.transmitted
        return frame
    }

    /// `placed` drawn in its rectangle: text art cut to its rows, attributes reset after every line. Kitty
    /// pictures are KittyPlacer's.
    private static func draw(_ placed: PlacedPicture) -> Data {
        var picture = placed.picture
        switch picture {
        case .kitty: return Data()
        case .text(let lines): picture = .text(Array(lines.prefix(placed.rect.rows)))
        case .sixel, .iterm: break
        }
        return TerminalLayer.draw(picture, row: placed.rect.row, column: placed.rect.column, lineEnd: EscapeSequence.resetAttributes)
    }
}
