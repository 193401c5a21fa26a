// KittyPlacer: pictures through the kitty graphics protocol — each transmitted once under an id, then
// placed, moved and deleted with a few dozen bytes; images beyond a memory budget are freed.
import Foundation
import TerminalGraphics

/// Remembers which images the terminal holds and where their placements are, and computes the
/// kitty commands that bring the screen to the next frame's pictures.
///
/// - An image is transmitted once (`a=t`) under an id of this process's own (`KittyImageIDs`: not
///   derived from the thumbnail URL, which another Snapterm in the same terminal shares) and stays in
///   the terminal while it fits `budget` bytes; the least recently shown images not on screen are
///   freed (`d=I`) beyond it and transmitted again if they come back.
/// - A picture is placed at its own size in cells, centred in its box (`PlacedPicture.coveredRect`):
///   the terminal scales an image to the cells it is placed in, so the whole box would stretch it.
/// - A picture that moves is placed again under the same placement id (the terminal moves it); a
///   picture that leaves the screen has its placement deleted (`d=i`); nothing moves the cursor.
/// - `invalidate()` (clear, resize, Ctrl-L) deletes every placement in the next frame and transmits and
///   places every picture again: after a full clear kitty draws nothing for a new placement of an image it
///   held before (seen in kitty 0.26: every picture gone for good after Ctrl-L or a resize);
///   `finish()` deletes and frees everything (quit).
@MainActor
public final class KittyPlacer {
    /// What one frame did.
    public struct Report: Sendable, Equatable {
        /// Images transmitted (their bytes went to the terminal).
        public var transmitted = 0
        /// Placements made or moved.
        public var placed = 0
        /// Placements left where they were.
        public var kept = 0
        /// Placements deleted.
        public var deleted = 0
        /// Images freed from the terminal's memory.
        public var freed = 0
    }

    private struct Slot: Hashable { var id: Int; var placement: Int }

    /// Terminal memory the placer lets its images use (encoded PNG bytes), 32 MB by default.
    public var budget: Int { images.budget }
    private var images: KittyImageStore
    private var placed: [Slot: CellRect] = [:]
    private var frameNumber = 0
    private var resetPending = false

    /// Creates a placer with a memory budget in bytes.
    /// Image ids come from `ids`: this process's own sequence unless a test gives another.
    public init(budget: Int = 32 << 20, ids: KittyImageIDs = .process) { images = KittyImageStore(budget: budget, ids: ids) }

    /// The id of the image named `identity` (24-bit, never 0): the placer's next id the first time, the same one after.
    public func imageID(for identity: String) -> Int { images.id(for: identity) }

    /// Deletes every placement in the next frame, then transmits and places the pictures again.
    public func invalidate() { resetPending = true }

    /// The bytes bringing the terminal to `pictures` (kitty pictures only; others are ignored).
    public func frame(_ pictures: [PlacedPicture]) -> (bytes: Data, report: Report) {
        frameNumber += 1
        var out = Data(), report = Report()
        if resetPending {
            for slot in placed.keys.sorted(by: Self.order) { out += KittyGraphics.deletePlacement(id: slot.id, placement: slot.placement) }
            // Freed too: an image transmitted again under a held id is then new to kitty, whatever it kept.
            for id in images.heldIDs { out += KittyGraphics.free(id: id) }
            images.forgetAll()
            placed = [:]
            resetPending = false
        }
        var wanted: [Slot: PlacedPicture] = [:]
        var order: [Slot] = []
        for picture in pictures {
            guard case .kitty = picture.picture else { continue }
            let id = imageID(for: picture.identity)
            var slot = Slot(id: id, placement: 1)
            while wanted[slot] != nil { slot.placement += 1 }
            wanted[slot] = picture
            order.append(slot)
        }
        for slot in placed.keys.sorted(by: Self.order) where wanted[slot] == nil {
            out += KittyGraphics.deletePlacement(id: slot.id, placement: slot.placement)
            placed[slot] = nil
            report.deleted += 1
        }
        for slot in order {
            guard let picture = wanted[slot], case .kitty(let png, _, _) = picture.picture else { continue }
            let rect = picture.coveredRect
            images.shown(slot.id, inFrame: frameNumber)
            if !images.holds(slot.id) {
                out += KittyGraphics.transmit(id: slot.id, payload: .png(png))
                let frames = picture.kittyFrames.map { KittyAnimation.addFrames(id: slot.id, $0) } ?? Data()
                out += frames
                images.transmitted(slot.id, bytes: png.count + frames.count)
                report.transmitted += 1
            }
            if placed[slot] == rect { report.kept += 1; continue }
            out += TerminalLayer.moveCursor(row: rect.row, column: rect.column)
                + KittyGraphics.place(id: slot.id, placement: slot.placement, columns: rect.columns, rows: rect.rows)
            placed[slot] = rect
            report.placed += 1
        }
        for id in images.evictBeyondBudget(keeping: Set(order.map(\.id))) {
            out += KittyGraphics.free(id: id)
            report.freed += 1
        }
        out = TerminalLayer.keepingCursor(out)
        return (out, report)
    }

    /// Deletes every placement and frees every image this placer transmitted (on quit).
    public func finish() -> Data {
        let out = images.heldIDs.reduce(into: Data()) { $0 += KittyGraphics.free(id: $1) }
        images.forgetAll()
        placed = [:]
        return out
    }

    /// Images the terminal holds for this placer, in bytes.
    public var storedBytes: Int { images.heldBytes }

    private static func order(_ left: Slot, _ right: Slot) -> Bool { (left.id, left.placement) < (right.id, right.placement) }
}
