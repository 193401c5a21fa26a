// ColorDepth: how many colours the terminal shows — chosen from COLORTERM, TERM and NO_COLOR.

/// The colours text art may use.
public enum ColorDepth: String, Sendable, Hashable, CaseIterable, Comparable {
    /// No colour at all (`NO_COLOR`, dumb terminals).
    case none
    /// The 8 ANSI colours (`TERM=xterm`, `linux`): no bright ones.
    case ansi8 = "8"
    /// The 16 ANSI colours.
    case ansi16 = "16"
    /// The xterm 256-colour palette.
    case ansi256 = "256"
    /// 24-bit colour.
    case truecolor

    private var rank: Int {
        switch self {
        case .none: return 0
        case .ansi8: return 1
        case .ansi16: return 2
        case .ansi256: return 3
        case .truecolor: return 4
        }
    }

    /// Fewer colours sort first.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rank < rhs.rank }
}
