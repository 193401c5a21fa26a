// FrameTally: adds up what each frame showed and sent, during one run.
import Foundation
import SnaptermUI

/// What the app's model showed in one frame, read when its text was drawn.
struct ModelFrame {
    /// Visible image rows: their box, URL and whether they showed a placeholder or a picture.
    var rows: [(rect: CellRect, url: String, placeholder: Bool, picture: Bool)] = []
    /// `Screen.placeholderCount` at draw time.
    var placeholders = 0
    /// Visible cells showing a preview instead of their picture (neither blank nor the picture).
    var previews = 0
    /// Whether pictures cover their whole box (map snapshots) or keep their aspect ratio (photos).
    var picturesFillBox = true
    /// Whether a visible cell shows its picture (not a preview).
    var showsPicture = false
    var cells = 0
}

/// Running totals of one benchmark run.
@MainActor
struct FrameTally {
    var frames = 0, keyFrames = 0
    var imageCellFrames = 0, whiteSpotFrames = 0, gridWhiteSpotFrames = 0, previewFrames = 0
    /// Key frames × pictures shown with holes in the terminal (counted in `whiteSpotFrames` too).
    var holedPictureFrames = 0
    var latencies: [Double] = []
    var drawTimes: [Double] = []
    var totalBytes = 0, textBytes = 0
    var picturesSent = 0, resentUnmoved = 0, resentUnmovedOnWire = 0, damagedTextCells = 0
    /// Per key frame: placeholders shown (for tests that know the answer).
    var whiteSpotsPerKeyFrame: [Int] = []
    private var previousPictures: Set<String> = []

    /// Adds a frame: its stamp, what the model showed, what the placer reported, and the terminal after it.
    mutating func add(_ stamp: FrameStamp, model: ModelFrame, sent: Int, terminal: VirtualTerminal, app: BenchTerminal,
                      checksGrid: Bool) {
        frames += 1
        totalBytes += stamp.bytes.total
        textBytes += stamp.bytes.text
        picturesSent += sent
        let pictures = Set(model.rows.filter { $0.picture }.map { "\($0.rect.row),\($0.rect.column) \($0.url)" })
        let newOrMoved = pictures.subtracting(previousPictures).count
        resentUnmoved += max(0, sent - newOrMoved)
        previousPictures = pictures
        resentUnmovedOnWire += terminal.placements.filter(\.wasAlreadyShown).count
        damagedTextCells += Self.damagedText(terminal, app)
        guard stamp.keys > 0 else { return }
        keyFrames += 1
        latencies.append(stamp.latency.seconds * 1e3)
        drawTimes.append(stamp.drawTime.seconds * 1e3)
        imageCellFrames += model.cells
        // White: placeholders, and pictures the terminal shows with holes (text written over their pixels) —
        // counted from what the terminal shows, which the app's model cannot see.
        let holed = model.rows.filter { row in
            row.picture && terminal.pictureHoles(row: row.rect.row, column: row.rect.column, rows: row.rect.rows,
                                                 columns: row.rect.columns) > 0
        }.count
        holedPictureFrames += holed
        whiteSpotFrames += model.placeholders + holed
        previewFrames += model.previews
        whiteSpotsPerKeyFrame.append(model.placeholders + holed)
        if checksGrid {
            gridWhiteSpotFrames += model.rows.filter { row in
                // Map snapshots fill their box; a photo keeps its aspect ratio, so any picture cells in the box count.
                let needed = model.picturesFillBox ? row.rect.rows * row.rect.columns : 1
                return terminal.pictureCells(row: row.rect.row, column: row.rect.column, rows: row.rect.rows, columns: row.rect.columns) < needed
            }.count
        }
    }

    /// Cells where the app drew a character that the terminal does not show as text.
    private static func damagedText(_ terminal: VirtualTerminal, _ app: BenchTerminal) -> Int {
        var count = 0
        for row in 0..<min(terminal.rows, app.size.rows) {
            for column in 0..<min(terminal.columns, app.size.columns) where app.hasText(row: row, column: column) {
                if terminal.kind(row: row, column: column) != .text { count += 1 }
            }
        }
        return count
    }

    /// A percentile of the key-frame latencies (or draw times), in milliseconds.
    static func percentile(_ p: Double, of values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = max(1, Int((Double(sorted.count) * p).rounded(.up)))  // nearest-rank method
        return sorted[min(sorted.count, rank) - 1]
    }
}
