// KittyLayer: the kitty graphics protocol as the virtual terminal sees it — images stored by id,
// placements over cells, transmissions counted (a picture sent twice shows up here).
import Foundation
import SnaptermUI

/// Images a kitty terminal holds and where their placements are. Placements float over the text:
/// text and erases do not remove them; only delete commands (`a=d`) do.
public struct KittyLayer: Sendable {
    struct PlacementKey: Hashable, Sendable { var id: Int; var placement: Int }

    /// Transmissions completed (`a=t`/`a=T`, all chunks).
    public private(set) var transmitted = 0
    /// Transmissions of an id that had been transmitted before (freed and sent again, or sent twice).
    public private(set) var retransmitted = 0
    /// Placements made or moved (`a=p`, `a=T`).
    public private(set) var placed = 0
    /// Placements deleted.
    public private(set) var deleted = 0
    /// Images freed (`d=I`, `d=A`).
    public private(set) var freed = 0
    /// Commands that could not be understood (a placement of an unknown id, a bad key).
    public private(set) var errors = 0

    var stored: [Int: Int] = [:]                    // id → payload bytes (base64)
    var everTransmitted: Set<Int> = []
    var placements: [PlacementKey: CellRect] = [:]
    private var pending: (keys: [String: String], bytes: Int)?

    /// Bytes of images the terminal holds.
    public var storedBytes: Int { stored.values.reduce(0, +) }
    /// Placements on screen.
    public var placementCount: Int { placements.count }

    /// Whether a placement covers the cell.
    public func covers(row: Int, column: Int) -> Bool {
        placements.values.contains { $0.row <= row && row < $0.row + $0.rows && $0.column <= column && column < $0.column + $0.columns }
    }

    /// Applies one command (the bytes between `ESC _ G` and `ESC \`) with the cursor at `row`, `column`.
    mutating func apply(_ command: [UInt8], row: Int, column: Int) {
        let text = String(decoding: command, as: UTF8.self)
        let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        var keys: [String: String] = [:]
        for pair in (parts.first ?? "").split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { errors += 1; return }
            keys[String(kv[0])] = String(kv[1])
        }
        let payload = parts.count > 1 ? parts[1].utf8.count : 0
        if var open = pending {  // a continuation chunk: only m (and q) keys
            open.bytes += payload
            pending = open
            if keys["m"] != "1" { finishTransmission(open.keys, bytes: open.bytes, row: row, column: column) ; pending = nil }
            return
        }
        switch keys["a"] ?? "t" {
        case "t", "T":
            if keys["m"] == "1" { pending = (keys, payload) } else { finishTransmission(keys, bytes: payload, row: row, column: column) }
        case "p":
            guard let id = keys["i"].flatMap(Int.init), stored[id] != nil else { errors += 1; return }
            place(PlacementKey(id: id, placement: keys["p"].flatMap(Int.init) ?? 0), keys: keys, row: row, column: column)
        case "d":
            delete(keys)
        default:
            break  // queries and others: no effect on the screen
        }
    }

    private mutating func finishTransmission(_ keys: [String: String], bytes: Int, row: Int, column: Int) {
        transmitted += 1
        let id = keys["i"].flatMap(Int.init) ?? 0
        if id != 0 {
            if everTransmitted.contains(id) { retransmitted += 1 }
            everTransmitted.insert(id)
            for key in placements.keys where key.id == id { placements[key] = nil }  // new data replaces the image
            stored[id] = bytes
        }
        if keys["a"] == "T" { place(PlacementKey(id: id, placement: keys["p"].flatMap(Int.init) ?? 0), keys: keys, row: row, column: column) }
    }

    private mutating func place(_ key: PlacementKey, keys: [String: String], row: Int, column: Int) {
        let columns = keys["c"].flatMap(Int.init) ?? 1, rows = keys["r"].flatMap(Int.init) ?? 1
        placements[key] = CellRect(row: row, column: column, rows: rows, columns: columns)
        placed += 1
    }

    private mutating func delete(_ keys: [String: String]) {
        let id = keys["i"].flatMap(Int.init)
        switch keys["d"] ?? "a" {
        case "a", "A":
            deleted += placements.count
            placements = [:]
            if keys["d"] == "A" { freed += stored.count; stored = [:] }
        case "i", "I":
            guard let id else { errors += 1; return }
            let placement = keys["p"].flatMap(Int.init)
            for key in placements.keys where key.id == id && (placement == nil || key.placement == placement) {
                placements[key] = nil
                deleted += 1
            }
            if keys["d"] == "I", stored.removeValue(forKey: id) != nil { freed += 1 }
        default:
            break
        }
    }
}
