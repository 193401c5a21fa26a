// VirtualTerminal+Parser: the byte-level state machine — UTF-8 text, C0 controls, ESC, CSI, DCS, kitty APC and strings.
import Foundation
import SnaptermUI
import TerminalGraphics

/// Where the parser is between bytes (sequences may be split across writes).
struct ParserState: Sendable {
    enum Mode: Sendable {
        case ground, escape, escapeIntermediate, csi, dcs, dcsEscape, string, stringEscape, apc, apcEscape
    }

    var mode = Mode.ground
    var buffer: [UInt8] = []     // CSI parameters, or the DCS payload
    var utf8: [UInt8] = []       // a multi-byte character in progress
    var utf8Needed = 0
}

extension VirtualTerminal {
    /// Feeds bytes the terminal receives.
    public mutating func feed(_ bytes: Data) {
        // through the buffer: Data's iterator cost the benchmark's main thread ~5 % of the run's CPU
        bytes.withUnsafeBytes { buffer in for byte in buffer { feed(byte) } }
    }

    /// Feeds the UTF-8 bytes of `text`.
    public mutating func feed(_ text: String) { feed(Data(text.utf8)) }

    mutating func feed(_ byte: UInt8) {
        if byte == 0x18 || byte == 0x1A {  // CAN, SUB abort any sequence
            parser.mode = .ground
            parser.buffer = []
            return
        }
        switch parser.mode {
        case .ground: ground(byte)
        case .escape: escape(byte)
        case .escapeIntermediate: parser.mode = .ground  // the charset designator or similar: consumed
        case .csi:
            if (0x40...0x7E).contains(byte) {
                csi(final: byte)
                parser.mode = .ground
            } else if byte == 0x1B {
                parser.mode = .escape
            } else {
                parser.buffer.append(byte)
            }
        case .dcs:
            if byte == 0x1B { parser.mode = .dcsEscape } else { parser.buffer.append(byte) }
        case .dcsEscape:
            if byte == UInt8(ascii: "\\") {
                deviceControl(parser.buffer)
                parser.buffer = []
                parser.mode = .ground
            } else {  // ESC inside DCS not followed by "\": the DCS is cut short; treat ESC afresh
                parser.buffer = []
                parser.mode = .escape
                escape(byte)
            }
        case .string:
            if byte == 0x07 { parser.mode = .ground } else if byte == 0x1B { parser.mode = .stringEscape }
        case .stringEscape:
            parser.mode = byte == UInt8(ascii: "\\") ? .ground : .string
        case .apc:
            if byte == 0x1B { parser.mode = .apcEscape } else { parser.buffer.append(byte) }
        case .apcEscape:
            if byte == UInt8(ascii: "\\"), parser.buffer.first == UInt8(ascii: "G") {
                kitty.apply(Array(parser.buffer.dropFirst()), row: cursorRow, column: cursorColumn)
            }
            parser.buffer = []
            parser.mode = byte == UInt8(ascii: "\\") ? .ground : .string
        }
    }

    private mutating func ground(_ byte: UInt8) {
        if parser.utf8Needed > 0 {
            if byte & 0xC0 == 0x80 {
                parser.utf8.append(byte)
                parser.utf8Needed -= 1
                if parser.utf8Needed == 0 {
                    let text = String(decoding: parser.utf8, as: UTF8.self)
                    parser.utf8 = []
                    for scalar in text.unicodeScalars { printCharacter(scalar) }
                }
                return
            }
            parser.utf8 = []
            parser.utf8Needed = 0
            printCharacter("\u{FFFD}")
        }
        switch byte {
        case 0x1B: parser.mode = .escape
        case 0x0D: cursorColumn = 0; pendingWrap = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08: cursorColumn = max(0, cursorColumn - 1); pendingWrap = false
        case 0x09: cursorColumn = min(columns - 1, (cursorColumn / 8 + 1) * 8); pendingWrap = false
        case 0x00..<0x20, 0x7F: break
        case 0x20..<0x7F: printCharacter(Unicode.Scalar(byte))
        case 0xC2...0xDF: start(byte, needing: 1)
        case 0xE0...0xEF: start(byte, needing: 2)
        case 0xF0...0xF4: start(byte, needing: 3)
        default: printCharacter("\u{FFFD}")  // a stray continuation byte or an invalid lead byte
        }
    }

    private mutating func start(_ byte: UInt8, needing count: Int) {
        parser.utf8 = [byte]
        parser.utf8Needed = count
    }

    private mutating func escape(_ byte: UInt8) {
        parser.mode = .ground
        switch byte {
        case UInt8(ascii: "["): parser.mode = .csi; parser.buffer = []
        case UInt8(ascii: "P"): parser.mode = .dcs; parser.buffer = []
        case UInt8(ascii: "_"): parser.mode = .apc; parser.buffer = []  // kitty graphics commands
        case UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "X"): parser.mode = .string
        case UInt8(ascii: "7"): saved = (cursorRow, cursorColumn)
        case UInt8(ascii: "8"): cursorRow = saved.row; cursorColumn = saved.column; pendingWrap = false
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"): cursorColumn = 0; lineFeed()
        case UInt8(ascii: "M"): cursorRow = max(0, cursorRow - 1); pendingWrap = false
        case UInt8(ascii: "c"): blankAll(); cursorRow = 0; cursorColumn = 0; coloured = false
        case 0x20...0x2F: parser.mode = .escapeIntermediate
        default: break
        }
    }

    private mutating func lineFeed() {
        pendingWrap = false
        if cursorRow == rows - 1 { scrollUp(1) } else { cursorRow += 1 }
    }

    /// Prints one character at the cursor (wide characters take two cells), wrapping at the right edge.
    private mutating func printCharacter(_ scalar: Unicode.Scalar) {
        let width = SafeText.width(of: String(scalar))
        guard width > 0 else { return }  // combining marks: part of the previous cell
        if pendingWrap || cursorColumn + width > columns {
            cursorColumn = 0
            lineFeed()
        }
        let character = Character(scalar)
        let kind: CellKind = scalar == " " && !coloured ? .blank : .text
        setCell(cursorRow, cursorColumn, character, kind: kind)
        if width == 2 { setCell(cursorRow, cursorColumn + 1, " ", kind: kind) }
        cursorColumn += width
        if cursorColumn >= columns {
            cursorColumn = columns - 1
            pendingWrap = true
        }
    }

    private mutating func csi(final: UInt8) {
        let text = String(decoding: parser.buffer, as: UTF8.self)
        parser.buffer = []
        let isPrivate = text.first.map { "?<>=".contains($0) } ?? false
        let numbers = text.drop { "?<>=".contains($0) }.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func parameter(_ index: Int, default value: Int) -> Int {
            guard numbers.indices.contains(index), let number = numbers[index], number > 0 else { return value }
            return number
        }
        func mode(_ index: Int) -> Int { numbers.indices.contains(index) ? numbers[index] ?? 0 : 0 }
        if isPrivate { return }  // DEC private modes (cursor visibility, mouse reporting): no effect on cells
        pendingWrap = false
        switch UnicodeScalar(final) {
        case "H", "f":
            cursorRow = min(rows, parameter(0, default: 1)) - 1
            cursorColumn = min(columns, parameter(1, default: 1)) - 1
        case "A": cursorRow = max(0, cursorRow - parameter(0, default: 1))
        case "B": cursorRow = min(rows - 1, cursorRow + parameter(0, default: 1))
        case "C": cursorColumn = min(columns - 1, cursorColumn + parameter(0, default: 1))
        case "D": cursorColumn = max(0, cursorColumn - parameter(0, default: 1))
        case "G": cursorColumn = min(columns, parameter(0, default: 1)) - 1
        case "d": cursorRow = min(rows, parameter(0, default: 1)) - 1
        case "X": blank(row: cursorRow, columns: cursorColumn..<(cursorColumn + parameter(0, default: 1)))
        case "K":
            switch mode(0) {
            case 1: blank(row: cursorRow, columns: 0..<(cursorColumn + 1))
            case 2: blank(row: cursorRow, columns: 0..<columns)
            default: blank(row: cursorRow, columns: cursorColumn..<columns)
            }
        case "J":
            switch mode(0) {
            case 1:
                for row in 0..<cursorRow { blank(row: row, columns: 0..<columns) }
                blank(row: cursorRow, columns: 0..<(cursorColumn + 1))
            case 2, 3: blankAll()
            default:
                blank(row: cursorRow, columns: cursorColumn..<columns)
                for row in (cursorRow + 1)..<rows { blank(row: row, columns: 0..<columns) }
            }
        case "m": selectGraphicRendition(numbers.map { $0 ?? 0 })
        case "s": saved = (cursorRow, cursorColumn)
        case "u": cursorRow = saved.row; cursorColumn = saved.column
        default: break
        }
    }

    /// Tracks only whether spaces would show a colour (background set, or reverse video).
    private mutating func selectGraphicRendition(_ values: [Int]) {
        var index = 0
        let values = values.isEmpty ? [0] : values
        while index < values.count {
            switch values[index] {
            case 0, 27, 49: coloured = false
            case 7, 40...47, 100...107: coloured = true
            case 38:  // foreground: skip its arguments
                index += values.count > index + 1 && values[index + 1] == 2 ? 4 : 2
            case 48:
                coloured = true
                index += values.count > index + 1 && values[index + 1] == 2 ? 4 : 2
            default: break
            }
            index += 1
        }
    }

    /// A complete DCS payload (between `ESC P` and `ESC \`): a sixel image is placed; others are ignored.
    private mutating func deviceControl(_ payload: [UInt8]) {
        guard let size = SixelRaster.measure(payload) else { return }
        placeImage(pixelWidth: size.width, pixelHeight: size.height, checksum: SixelRaster.checksum(payload))
    }
}
