// TerminalPicture: an encoded thumbnail ready for the terminal — a sixel image or lines of text art.
import Foundation

/// A picture as terminal bytes for one cell box.
public enum TerminalPicture: Sendable, Hashable {
    /// One DCS sixel sequence; drawn with the cursor at the box's top-left cell.
    case sixel(Data)
    /// One line of escape-coded text art per row of the box.
    case text([Data])

    /// Encodes the picture as one blob (for the thumbnail cache).
    public var encoded: Data {
        switch self {
        case .sixel(let data): return Data("S".utf8) + data
        case .text(let lines): return Data("T".utf8) + lines.reduce(into: Data()) { $0 += $1 + Data([0x0A]) }
        }
    }

    /// Decodes `encoded`; `nil` for anything else.
    public init?(encoded: Data) {
        guard let kind = encoded.first else { return nil }
        let body = encoded.dropFirst()
        switch kind {
        case UInt8(ascii: "S"): self = .sixel(Data(body))
        case UInt8(ascii: "T"): self = .text(body.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Data($0) })
        default: return nil
        }
    }
}
