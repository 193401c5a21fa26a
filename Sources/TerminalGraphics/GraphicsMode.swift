// GraphicsMode: the ways a picture can reach a terminal.

/// How pictures reach the terminal.
public enum GraphicsMode: String, Sendable, Hashable, CaseIterable {
    /// DEC sixel images.
    case sixel
    /// Coloured Unicode symbols (text art).
    case symbols
    /// Plain ASCII, no colour.
    case ascii
}
