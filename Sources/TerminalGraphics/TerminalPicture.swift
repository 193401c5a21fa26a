// TerminalPicture: an encoded thumbnail ready for the terminal — sixel, kitty PNG, iTerm2 sequence or text art.
import Foundation

/// A picture as terminal bytes for one cell box.
public enum TerminalPicture: Sendable, Hashable {
    /// One DCS sixel sequence; drawn with the cursor at the box's top-left cell.
    case sixel(Data)
    /// A PNG for the kitty graphics protocol and the cells it fills; the placer transmits it once
    /// under an id and places it (`KittyGraphics`).
    case kitty(png: Data, columns: Int, rows: Int)
    /// One iTerm2 inline image sequence (`ITermImage`); drawn with the cursor at the box's top-left cell.
    case iterm(Data)
    /// One line of escape-coded text art per row of the box.
    case text([Data])

    /// Encodes the picture as one blob (for the thumbnail cache).
    public var encoded: Data {
        switch self {
        case .sixel(let data): return Data("S".utf8) + data
        case .kitty(let png, let columns, let rows): return Data("K\(columns),\(rows);".utf8) + png
        case .iterm(let data): return Data("I".utf8) + data
        case .text(let lines): return Data("T".utf8) + lines.reduce(into: Data()) { $0 += $1 + Data([0x0A]) }
        }
    }

    /// Decodes `encoded`; `nil` for anything else.
    public init?(encoded: Data) {
        guard let kind = encoded.first else { return nil }
        let body = encoded.dropFirst()
        switch kind {
        case UInt8(ascii: "S"): self = .sixel(Data(body))
        case UInt8(ascii: "I"): self = .iterm(Data(body))
        case UInt8(ascii: "T"): self = .text(body.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Data($0) })
        case UInt8(ascii: "K"):
            guard let separator = body.prefix(16).firstIndex(of: UInt8(ascii: ";")) else { return nil }
            let numbers = body[body.startIndex..<separator].split(separator: UInt8(ascii: ","))
                .compactMap { Int(String(decoding: $0, as: UTF8.self)) }
            guard numbers.count == 2, numbers[0] > 0, numbers[1] > 0 else { return nil }
            self = .kitty(png: Data(body[(separator + 1)...]), columns: numbers[0], rows: numbers[1])
        default: return nil
        }
    }
}
