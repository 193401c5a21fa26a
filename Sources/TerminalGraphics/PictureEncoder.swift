// PictureEncoder: one entry point from a bitmap and a cell box to a TerminalPicture in any mode.
import Foundation
import Imaging

/// Encodes a bitmap for a box of cells as sixel, kitty or iTerm2 PNG, coloured symbols or plain ASCII.
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

    /// Encodes `bitmap` for `geometry` in `mode`. For sixel, kitty and iTerm2 the bitmap should already be
    /// `geometry.pixelWidth × geometry.pixelHeight` (it is encoded at its own size, kitty and iTerm2 as PNG); text art
    /// samples any size down to `geometry.columns × geometry.rows` cells.
    public func encode(_ bitmap: Bitmap, geometry: CellGeometry, mode: GraphicsMode) throws -> TerminalPicture {
        switch mode {
        case .sixel:
            return .sixel(try SixelEncoder(options: sixel).encode(bitmap))
        case .kitty:
            return .kitty(png: try png(bitmap), columns: geometry.columns, rows: geometry.rows)
        case .iterm:
            return .iterm(ITermImage.inline(try png(bitmap), columns: geometry.columns, rows: geometry.rows))
        case .symbols:
            return .text(try SymbolEncoder(colorDepth: colorDepth).encode(bitmap, columns: geometry.columns, rows: geometry.rows))
        case .ascii:
            return .text(try AsciiEncoder().encode(bitmap, columns: geometry.columns, rows: geometry.rows))
        }
    }

    /// The bitmap as PNG (kitty and iTerm2 both take PNG files).
    private func png(_ bitmap: Bitmap) throws -> Data {
        do {
            return try ImageProcessor().encode(bitmap, as: .png)
        } catch {
            throw TerminalGraphicsError.pngFailed(reason: "\(error)")
        }
    }
}
