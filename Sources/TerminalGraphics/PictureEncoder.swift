// PictureEncoder: one entry point from a bitmap and a cell box to a TerminalPicture in any mode.
import Foundation
import Imaging

/// Encodes a bitmap for a box of cells as sixel, coloured symbols or plain ASCII.
public struct PictureEncoder: Sendable {
    /// Sixel palette and dithering.
    public var sixel: SixelOptions
    /// Colours available to text art.
    public var colorDepth: ColorDepth

    /// Creates an encoder.
    public init(sixel: SixelOptions = SixelOptions(), colorDepth: ColorDepth = .truecolor) {
        self.sixel = sixel
        self.colorDepth = colorDepth
    }

    /// Encodes `bitmap` for `geometry` in `mode`. For sixel the bitmap should already be
    /// `geometry.pixelWidth × geometry.pixelHeight` (it is encoded at its own size); text art
    /// samples any size down to `geometry.columns × geometry.rows` cells.
    public func encode(_ bitmap: Bitmap, geometry: CellGeometry, mode: GraphicsMode) throws -> TerminalPicture {
        switch mode {
        case .sixel:
            return .sixel(try SixelEncoder(options: sixel).encode(bitmap))
        case .symbols:
            return .text(try SymbolEncoder(colorDepth: colorDepth).encode(bitmap, columns: geometry.columns, rows: geometry.rows))
        case .ascii:
            return .text(try AsciiEncoder().encode(bitmap, columns: geometry.columns, rows: geometry.rows))
        }
    }
}
