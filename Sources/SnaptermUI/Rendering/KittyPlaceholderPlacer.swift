// KittyPlaceholderPlacer: kitty pictures inside tmux — each image transmitted once through tmux passthrough with
// a virtual placement, then drawn as Unicode placeholder text, which tmux moves, clips and redraws like any text.
import Foundation
import TerminalGraphics

/// Turns kitty pictures into Unicode placeholder text (`KittyPlaceholder`) and computes the tmux
/// passthrough bytes that give the outer terminal their images.
///
/// - An image is transmitted once (`a=t`, under an id of this process's own: `KittyImageIDs`) with one
///   virtual placement (`U=1`) of the picture's own cells (`PlacedPicture.coveredRect`: its shape,
///   centred in its box), both wrapped for tmux (`TmuxPassthrough`); later frames only draw its
///   placeholder cells.
/// - The placeholder text carries the image id as its 24-bit foreground colour: tmux keeps it with the
///   text, so scrolling, pane switches and re-attaching never leave a picture behind.
/// - Images beyond `budget` bytes that are not on screen are freed (`d=I`), least recently shown first.
/// - `invalidate()` (Ctrl-L, resize) transmits every image again on its next use, so a terminal that
///   attached since (and never got them) gets them; `finish()` frees everything (quit).
/// - Pictures wider or taller than `KittyPlaceholder.maximumCells` are drawn smaller, keeping their shape.
@MainActor
public final class KittyPlaceholderPlacer {
    /// What one frame did.
    public struct Report: Sendable, Equatable {
        /// Images transmitted through passthrough (with their virtual placement).
        public var transmitted = 0
        /// Kitty pictures turned into placeholder text.
        public var drawn = 0
        /// Images freed from the terminal's memory.
        public var freed = 0
    }

    /// Terminal memory the placer lets its images use (encoded PNG bytes), 32 MB by default.
    public var budget: Int { images.budget }
    private var images: KittyImageStore
    private var boxes: [Int: (columns: Int, rows: Int)] = [:]  // id → the box its virtual placement has
    private var frameNumber = 0

    /// Creates a placer with a memory budget in bytes.
    /// Image ids come from `ids`: this process's own sequence unless a test gives another.
    public init(budget: Int = 32 << 20, ids: KittyImageIDs = .process) { images = KittyImageStore(budget: budget, ids: ids) }

    /// The id of the image named `identity` (24-bit, never 0): the placer's next id the first time, the same one after.
    public func imageID(for identity: String) -> Int { images.id(for: identity) }

    /// Forgets what the terminal holds: every image is transmitted again when next shown.
    public func invalidate() { images.forgetAll() }

    /// `pictures` with every kitty picture replaced by its placeholder text, and the passthrough
    /// bytes (transmissions, virtual placements, frees) to write before that text.
    public func frame(_ pictures: [PlacedPicture]) -> (pictures: [PlacedPicture], bytes: Data, report: Report) {
        frameNumber += 1
        var out = Data(), report = Report(), shown: Set<Int> = []
        let converted = pictures.map { picture -> PlacedPicture in
            guard case .kitty(let png, _, _) = picture.picture else { return picture }
            let id = imageID(for: picture.identity)
            let covered = Self.addressable(picture.coveredRect)  // placeholders stretch the image to their cells
            let columns = covered.columns, rows = covered.rows
            if !images.holds(id) || boxes[id]?.columns != columns || boxes[id]?.rows != rows {
                let frames = picture.kittyFrames.map { KittyAnimation.addFrames(id: id, $0) } ?? Data()
                out += TmuxPassthrough.wrapEach(KittyGraphics.transmit(id: id, payload: .png(png)) + frames
                                                + KittyGraphics.placeVirtual(id: id, columns: columns, rows: rows))
                images.transmitted(id, bytes: png.count + frames.count)
                boxes[id] = (columns, rows)
                report.transmitted += 1
            }
            images.shown(id, inFrame: frameNumber)
            shown.insert(id)
            report.drawn += 1
            let lines = (try? KittyPlaceholder.lines(id: id, columns: columns, rows: rows)) ?? []
            return PlacedPicture(rect: covered, identity: picture.identity, picture: .text(lines.map { Data($0.utf8) }))
        }
        for id in images.evictBeyondBudget(keeping: shown) {
            out += TmuxPassthrough.wrapEach(KittyGraphics.free(id: id))
            report.freed += 1
        }
        return (converted, out, report)
    }

    /// `rect` shrunk to what the diacritics table can address, keeping its shape (both sides by one
    /// factor), centred where it was.
    static func addressable(_ rect: CellRect) -> CellRect {
        let limit = Double(KittyPlaceholder.maximumCells)
        let scale = min(1, limit / Double(max(1, rect.columns)), limit / Double(max(1, rect.rows)))
        return rect.centred(columns: Int((Double(rect.columns) * scale).rounded()), rows: Int((Double(rect.rows) * scale).rounded()))
    }

    /// Frees every image this placer transmitted (on quit).
    public func finish() -> Data {
        let out = images.heldIDs.reduce(into: Data()) { $0 += TmuxPassthrough.wrapEach(KittyGraphics.free(id: $1)) }
        images.forgetAll()
        return out
    }

    /// Images the terminal holds for this placer, in bytes.
    public var storedBytes: Int { images.heldBytes }
}
