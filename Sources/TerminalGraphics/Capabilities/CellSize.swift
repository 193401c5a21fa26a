// CellSize: the size of one terminal cell in pixels, and where that figure came from.

/// One character cell in pixels.
public struct CellSize: Sendable, Hashable {
    /// The fallback when the terminal does not say: 8×16.
    public static let fallback = CellSize(width: 8, height: 16)

    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// The cell widths a terminal may report and be believed (pixels).
    public static let plausibleWidths = 1...100
    /// The cell heights a terminal may report and be believed (pixels).
    public static let plausibleHeights = 1...200

    /// Creates a cell size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// A cell size a terminal reported, or `nil` when it is outside `plausibleWidths` ×
    /// `plausibleHeights` (zero, negative, or absurd — such a figure would make every picture
    /// size overflow or allocate gigabytes, so the caller falls back instead).
    public init?(reportedWidth width: Int, height: Int) {
        guard Self.plausibleWidths.contains(width), Self.plausibleHeights.contains(height) else { return nil }
        self.init(width: width, height: height)
    }
}

/// How the cell size was found.
public enum CellSizeSource: String, Sendable, Hashable {
    /// `TIOCGWINSZ` reported pixel sizes.
    case windowSize
    /// The terminal answered `CSI 16 t`.
    case query
    /// Nothing answered: the 8×16 fallback.
    case fallback
}
