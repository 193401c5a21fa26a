// KittyPlacer: pictures through the kitty graphics protocol — each transmitted once under an id, then
// placed, moved and deleted with a few dozen bytes; images beyond a memory budget are freed.
import Foundation
import TerminalGraphics

/// Remembers which images the terminal holds and where their placements are, and computes the
/// kitty commands that bring the screen to the next frame's pictures.
///
/// - An image is transmitted once (`a=t`) under an id derived from its identity (the thumbnail
///   URL) and stays in the terminal while it fits `budget` bytes; the least recently shown images
///   not on screen are freed (`d=I`) beyond it and transmitted again if they come back.
/// - A picture that moves is placed again under the same placement id (the terminal moves it); a
///   picture that leaves the screen has its placement deleted (`d=i`); nothing moves the cursor.
/// - `invalidate()` (clear, resize, Ctrl-L) deletes every placement in the next frame and places
///   again; `finish()` deletes and frees everything (quit).
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
    public let budget: Int
    private var ids: [String: Int] = [:]
    private var owners: [Int: String] = [:]
    private var stored: [Int: Int] = [:]          // id → bytes held by the terminal
    private var lastUse: [Int: Int] = [:]          // id → frame number it was last shown
    private var placed: [Slot: CellRect] = [:]
    private var frameNumber = 0
    private var resetPending = false

    /// Creates a placer with a memory budget in bytes.
    public init(budget: Int = 32 << 20) { self.budget = budget }

    /// The id of the image named `identity`: derived from it, probing on past a collision.
    public func imageID(for identity: String) -> Int {
        if let id = ids[identity] { return id }
        var id = KittyGraphics.imageID(for: identity)
        while owners[id] != nil { id = id % 0xFF_FFFF + 1 }
        ids[identity] = id
        owners[id] = identity
        return id
    }

    /// Deletes every placement in the next frame and places the pictures again (image data stays).
    public func invalidate() { resetPending = true }

    /// The bytes bringing the terminal to `pictures` (kitty pictures only; others are ignored).
    public func frame(_ pictures: [PlacedPicture]) -> (bytes: Data, report: Report) {
        frameNumber += 1
        var out = Data(), report = Report()
        if resetPending {
            for slot in placed.keys.sorted(by: Self.order) { out += KittyGraphics.deletePlacement(id: slot.id, placement: slot.placement) }
            placed = [:]
            resetPending = false
        }
        var wanted: [Slot: (CellRect, TerminalPicture)] = [:]
        var order: [Slot] = []
        for picture in pictures {
            guard case .kitty = picture.picture else { continue }
            let id = imageID(for: picture.identity)
            var slot = Slot(id: id, placement: 1)
            while wanted[slot] != nil { slot.placement += 1 }
            wanted[slot] = (picture.rect, picture.picture)
            order.append(slot)
        }
        for slot in placed.keys.sorted(by: Self.order) where wanted[slot] == nil {
            out += KittyGraphics.deletePlacement(id: slot.id, placement: slot.placement)
            placed[slot] = nil
            report.deleted += 1
        }
        for slot in order {
            guard let (rect, picture) = wanted[slot], case .kitty(let png, _, _) = picture else { continue }
            lastUse[slot.id] = frameNumber
            if stored[slot.id] == nil {
                out += KittyGraphics.transmit(id: slot.id, payload: .png(png))
                stored[slot.id] = png.count
                report.transmitted += 1
            }
            if placed[slot] == rect { report.kept += 1; continue }
            out += Escape.moveTo(row: rect.row, column: rect.column)
                + KittyGraphics.place(id: slot.id, placement: slot.placement, columns: rect.columns, rows: rect.rows)
            placed[slot] = rect
            report.placed += 1
        }
        out += freeBeyondBudget(onScreen: Set(order.map(\.id)), report: &report)
        if !out.isEmpty { out = Escape.saveCursor + out + Escape.restoreCursor }
        return (out, report)
    }

    /// Deletes every placement and frees every image this placer transmitted (on quit).
    public func finish() -> Data {
        var out = Data()
        for id in stored.keys.sorted() { out += KittyGraphics.free(id: id) }
        stored = [:]
        placed = [:]
        lastUse = [:]
        return out
    }

    /// Images the terminal holds for this placer, in bytes.
    public var storedBytes: Int { stored.values.reduce(0, +) }

    private func freeBeyondBudget(onScreen: Set<Int>, report: inout Report) -> Data {
        var total = storedBytes
        guard total > budget else { return Data() }
        var out = Data()
        let candidates = stored.keys.filter { !onScreen.contains($0) }.sorted { (lastUse[$0] ?? 0, $0) < (lastUse[$1] ?? 0, $1) }
        for id in candidates where total > budget {
            out += KittyGraphics.free(id: id)
            total -= stored[id] ?? 0
            stored[id] = nil
            lastUse[id] = nil
            report.freed += 1
        }
        return out
    }

    private static func order(_ left: Slot, _ right: Slot) -> Bool { (left.id, left.placement) < (right.id, right.placement) }
}
