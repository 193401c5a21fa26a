// ColorDepth: how many colours the terminal shows — chosen from COLORTERM, TERM and NO_COLOR.

/// The colours text art may use.
public enum ColorDepth: String, Sendable, Hashable, CaseIterable, Comparable {
    /// No colour at all (`NO_COLOR`, dumb terminals).
    case none
    /// The 16 ANSI colours.
    case ansi16 = "16"
    /// The xterm 256-colour palette.
    case ansi256 = "256"
    /// 24-bit colour.
    case truecolor

    private var rank: Int {
        switch self {
        case .none: return 0
        case .ansi16: return 1
        case .ansi256: return 2
        case .truecolor: return 3
        }
    }

    /// Fewer colours sort first.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rank < rhs.rank }
}
