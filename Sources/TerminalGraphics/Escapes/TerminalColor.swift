// TerminalColor: a colour as a terminal addresses it — 24-bit RGB or a palette index.

/// A foreground or background colour in an SGR sequence.
public enum TerminalColor: Sendable, Hashable {
    /// 24-bit colour (`38;2;r;g;b`).
    case rgb(UInt8, UInt8, UInt8)
    /// An index into the terminal's 256-colour palette (`38;5;n`); 0–15 are the ANSI colours.
    case indexed(UInt8)

    /// The SGR parameters selecting this colour as foreground (`background == false`) or background.
    func sgrParameters(background: Bool) -> String {
        switch self {
        case .rgb(let r, let g, let b):
            return "\(background ? 48 : 38);2;\(r);\(g);\(b)"
        case .indexed(let index) where index < 8:
            return String((background ? 40 : 30) + Int(index))
        case .indexed(let index) where index < 16:
            return String((background ? 100 : 90) + Int(index) - 8)
        case .indexed(let index):
            return "\(background ? 48 : 38);5;\(index)"
        }
    }
}
