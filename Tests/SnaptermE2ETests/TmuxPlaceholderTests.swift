// TmuxPlaceholderTests: `--graphics kitty` inside tmux draws each thumbnail as kitty Unicode placeholders — text
// tmux keeps — with the image id as colour; after 50 rows down and back every box shows its own row's id again.
import Foundation
import TerminalGraphics
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TmuxPlaceholderTests {
    /// One placeholder cell read back from tmux: where it is, the id its colour carries, the row and column its diacritics name.
    struct Cell: Equatable { var row: Int, column: Int, id: Int, imageRow: Int, imageColumn: Int }

    /// A thumbnail's placeholder box: its top row, its image id, and the `#N` of the list row beside it.
    struct Box: Hashable { var top: Int, id: Int, number: Int? }

    @Test func placeholdersFollowTheirRowsThroughAScrollOfFiftyRowsAndBack() async throws {
        let fixture = try E2EFixture()
        try await fixture.tmux.setOption("allow-passthrough", "on")
        try await fixture.start("--graphics kitty")
        try await fixture.tmux.waitFor { $0.contains { $0.contains("#1 of ") } && $0.contains { $0.contains("blank 0/") } }
        let opening = try await settledBoxes(fixture.tmux)
        #expect(opening.count >= 4, "several thumbnails as placeholders: \(opening)")
        #expect(Set(opening.map(\.id)).count == opening.count, "each row its own image")

        for _ in 0..<50 { try await fixture.tmux.send("Down") }
        try await fixture.tmux.waitFor { $0.contains { $0.contains("#51 of ") } && $0.contains { $0.contains("blank 0/") } }
        let down = try await settledBoxes(fixture.tmux)
        #expect(down.count >= 4 && Set(down.map(\.id)).isDisjoint(with: opening.map(\.id)), "other rows, other images")

        for _ in 0..<50 { try await fixture.tmux.send("Up") }
        try await fixture.tmux.waitFor { $0.contains { $0.contains("#1 of ") } && $0.contains { $0.contains("blank 0/") } }
        let back = try await settledBoxes(fixture.tmux)
        #expect(back == opening, "every box beside its own row shows its own image id again")

        // The same list row always carries the same id (the id follows the thumbnail, never a stale one)
        var idOfRow: [Int: Int] = [:]
        for box in opening + down + back {
            guard let number = box.number else { continue }
            #expect(idOfRow[number, default: box.id] == box.id, "row #\(number)")
            idOfRow[number] = box.id
        }
        try await fixture.tmux.send("q")
        try await fixture.tmux.waitFor("EXIT=0")
        #expect(try await fixture.terminalIsRestored())
        let after = try await fixture.tmux.screenWithAttributes().joined()
        #expect(!after.unicodeScalars.contains(KittyPlaceholder.character), "no placeholder left on the shell's screen")
    }

    /// Reads the pane and checks every placeholder cell belongs to a well-formed box at the left edge:
    /// one id per box, each cell's diacritics naming its own row and column in the box.
    /// The boxes once every visible list row shows one (a state: on a loaded machine the status line can say
    /// `blank 0/…` a frame before the last rows' placeholders are drawn); what is there after 60 s otherwise.
    private func settledBoxes(_ tmux: TmuxSession) async throws -> [Box] {
        let settled = try await eventually { () async throws -> [Box]? in
            let found = try await boxes(tmux)
            return found.count < 4 || found.contains(where: { $0.number == nil }) ? nil : found
        }
        if let settled { return settled }
        return try await boxes(tmux)
    }

    private func boxes(_ tmux: TmuxSession) async throws -> [Box] {
        // capture-pane -e writes a colour only where it changes: it carries on from line to line
        var foreground: Int?
        let cells = try await tmux.screenWithAttributes().enumerated().flatMap { Self.cells(in: $1, row: $0, foreground: &foreground) }
        let plain = try await tmux.screen()
        var byTop: [Int: [Cell]] = [:]
        for cell in cells {
            #expect(cell.column == cell.imageColumn, "cell \(cell) is at its own column of the box")
            byTop[cell.row - cell.imageRow, default: []].append(cell)
        }
        var found: [Box] = []
        for top in byTop.keys.sorted() {
            let box = byTop[top] ?? []
            let id = box[0].id
            let mixed = box.filter { cell in cell.id != id }.count
            #expect(mixed == 0, "one id per box at row \(top)")
            let rows = Set(box.map(\.row)).count
            let width = box.filter { cell in cell.imageRow == 0 }.count
            #expect(width == 26 && rows == 6 && box.count == rows * width, "a 26×6 rectangle of placeholders at row \(top)")
            var label: Int?
            for line in top..<min(top + 6, plain.count) where label == nil { label = Self.number(in: plain[line]) }
            found.append(Box(top: top, id: id, number: label))
        }
        return found
    }

    /// The placeholder cells of one `capture-pane -e` line.
    static func cells(in line: String, row: Int, foreground: inout Int?) -> [Cell] {
        var cells: [Cell] = [], column = 0
        var scalars = Array(line.unicodeScalars)[...]
        var current: Cell?, marks: [Int] = []
        func flush() {
            if var cell = current, marks.count >= 2 { cell.imageRow = marks[0]; cell.imageColumn = marks[1]; cells.append(cell) }
            current = nil; marks = []
        }
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == "\u{1B}", scalars.first == "[" {
                let body = String(String.UnicodeScalarView(scalars.dropFirst().prefix { !("@"..."~").contains($0) }))
                scalars = scalars.dropFirst(body.unicodeScalars.count + 2)
                foreground = colour(body, previous: foreground)
            } else if let index = KittyPlaceholder.diacritics.firstIndex(of: scalar), current != nil {
                marks.append(index)
            } else {
                flush()
                if scalar == KittyPlaceholder.character { current = Cell(row: row, column: column, id: foreground ?? 0, imageRow: -1, imageColumn: -1) }
                column += 1
            }
        }
        flush()
        return cells
    }

    /// The foreground as a 24-bit number after SGR `body`.
    static func colour(_ body: String, previous: Int?) -> Int? {
        let parts = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var result = previous, index = 0
        while index < parts.count {
            switch parts[index] {
            case 0, 39: result = nil
            case 38 where index + 4 < parts.count && parts[index + 1] == 2:
                result = parts[index + 2] << 16 | parts[index + 3] << 8 | parts[index + 4]
                index += 4
            case 38 where index + 2 < parts.count: index += 2
            default: break
            }
            index += 1
        }
        return result
    }

    /// The `N` of `#N of M` in a screen row.
    static func number(in line: String) -> Int? {
        guard let range = line.range(of: "#"), line.contains(" of ") else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
