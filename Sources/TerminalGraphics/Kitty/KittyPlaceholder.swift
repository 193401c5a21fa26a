// KittyPlaceholder: kitty's Unicode placeholders (U+10EEEE with row/column diacritics, the image id as the
// foreground colour) and tmux passthrough — pure builders for pictures that must travel as text.
import Foundation

/// Unicode placeholders for a virtual placement (`KittyGraphics.placeVirtual`): text cells that
/// the terminal replaces with the matching part of the image, so a multiplexer that only moves text
/// (tmux) still moves the picture. kitty draws them from 0.28 (Debian 12 has 0.26).
public enum KittyPlaceholder {
    /// The placeholder character.
    public static let character: Unicode.Scalar = "\u{10EEEE}"
    /// The first entries of kitty's `rowcolumn-diacritics.txt`: the diacritic at index n encodes row or column n.
    public static let diacritics: [Unicode.Scalar] = [
        "\u{0305}", "\u{030D}", "\u{030E}", "\u{0310}", "\u{0312}", "\u{033D}", "\u{033E}", "\u{033F}",
        "\u{0346}", "\u{034A}", "\u{034B}", "\u{034C}", "\u{0350}", "\u{0351}", "\u{0352}", "\u{0357}",
        "\u{035B}", "\u{0363}", "\u{0364}", "\u{0365}", "\u{0366}", "\u{0367}", "\u{0368}", "\u{0369}",
        "\u{036A}", "\u{036B}", "\u{036C}", "\u{036D}", "\u{036E}", "\u{036F}", "\u{0483}", "\u{0484}",
    ]
    /// The largest box (in either direction) the table above can address.
    public static var maximumCells: Int { diacritics.count }

    /// One line per row of `columns × rows` placeholder cells for image `id` (24-bit, as the
    /// foreground colour), each line ending with the default foreground restored.
    public static func lines(id: Int, columns: Int, rows: Int) throws -> [String] {
        guard (1...maximumCells).contains(columns), (1...maximumCells).contains(rows) else {
            throw TerminalGraphicsError.invalidSize(width: columns, height: rows,
                                                    reason: "placeholders address at most \(maximumCells)×\(maximumCells) cells")
        }
        let colour = EscapeSequence.colors(foreground: .rgb(UInt8((id >> 16) & 0xFF), UInt8((id >> 8) & 0xFF), UInt8(id & 0xFF)), background: nil)
        return (0..<rows).map { row in
            var line = String.UnicodeScalarView()
            for column in 0..<columns {
                line.append(character)
                line.append(diacritics[row])
                line.append(diacritics[column])
            }
            return colour + String(line) + EscapeSequence.defaultForeground
        }
    }
}

/// tmux passthrough (`ESC P tmux ; … ESC \` with every ESC inside doubled): tmux hands the bytes to
/// the outer terminal unchanged when `allow-passthrough` is on (tmux ≥ 3.3), and drops them otherwise.
public enum TmuxPassthrough {
    /// `bytes` wrapped for tmux.
    public static func wrap(_ bytes: Data) -> Data {
        var out = Data(EscapeSequence.tmuxPassthroughStart.utf8)
        for byte in bytes {
            if byte == EscapeSequence.escapeByte { out.append(byte) }
            out.append(byte)
        }
        out += Data(EscapeSequence.stringTerminator.utf8)
        return out
    }

    /// Each kitty command in `commands` (`ESC _ G … ESC \`, as `KittyGraphics` builds them, e.g. the
    /// chunks of a transmission) wrapped on its own, so no passthrough sequence grows beyond one chunk.
    public static func wrapEach(_ commands: Data) -> Data {
        var out = Data(), start = commands.startIndex, index = commands.startIndex
        while index < commands.endIndex {
            let next = commands.index(after: index)
            if commands[index] == EscapeSequence.escapeByte, next < commands.endIndex, commands[next] == UInt8(ascii: "\\") {
                out += wrap(commands[start...next])
                start = commands.index(after: next)
                index = start
            } else {
                index = next
            }
        }
        if start < commands.endIndex { out += wrap(commands[start...]) }
        return out
    }
}
