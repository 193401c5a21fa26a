// GraphicsMode: the ways a picture can reach a terminal.

/// How pictures reach the terminal, best first.
public enum GraphicsMode: String, Sendable, Hashable, CaseIterable {
    /// The kitty graphics protocol (kitty, Ghostty, Konsole, WezTerm): transmit once under an id, then place.
    case kitty
    /// iTerm2 inline images (`OSC 1337 ; File=…`): iTerm2 and WezTerm.
    case iterm
    /// DEC sixel images.
    case sixel
    /// Coloured Unicode symbols (text art).
    case symbols
    /// Plain ASCII, no colour.
    case ascii

    /// True for the modes that send pixels (kitty, iterm, sixel), false for text art.
    public var isPixelMode: Bool { self == .kitty || self == .iterm || self == .sixel }
}
