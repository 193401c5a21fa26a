// PlacedPicture: a picture and the box of cells it is shown in — and the cells it really covers there.
import TerminalGraphics

/// A picture to show in a rectangle. `identity` names its content (the thumbnail URL).
public struct PlacedPicture: Sendable, Hashable {
    public var rect: CellRect
    public var identity: String
    public var picture: TerminalPicture
    /// For a kitty picture that is an animation's first frame: the rest, sent once after it — kitty plays them.
    public var kittyFrames: KittyFrames?
    /// Covers every cell the picture before it in `rect` covered (an animation's next frame: same size, opaque),
    /// so that picture need not be erased first — erasing would flash the cells blank on every frame.
    public var replacesInPlace: Bool

    public init(rect: CellRect, identity: String, picture: TerminalPicture, kittyFrames: KittyFrames? = nil,
                replacesInPlace: Bool = false) {
        self.rect = rect; self.identity = identity; self.picture = picture; self.kittyFrames = kittyFrames
        self.replacesInPlace = replacesInPlace
    }

    /// The cells the picture covers: a kitty picture knows its own size in cells (its shape, fitted
    /// to the box when it was encoded) and is centred in `rect` at that size — the terminal scales it
    /// to whatever cells it is placed in, so placing it in the whole box would stretch it. Other
    /// pictures are drawn from `rect`'s top-left cell at the size they were encoded.
    public var coveredRect: CellRect {
        guard case .kitty(_, let columns, let rows) = picture else { return rect }
        return rect.centred(columns: columns, rows: rows)
    }
}
