// SketchStandIn: a sketch kept with a message — a colour sketch, or the BlurHash a received picture came with — drawn
// as text art in the cells its picture will cover: what a row shows before one byte of its picture has arrived.
import Foundation
import Imaging
import TerminalGraphics
import Thumbnails

enum SketchStandIn {
    /// The sketch (`ColourSketch`'s or `BlurHashSketch`'s text form) as an encoded text-art `TerminalPicture` in the
    /// part of `box` a picture of its shape covers (a BlurHash without the picture's size fills the box); `nil` for a
    /// sketch that does not parse.
    static func encoded(_ sketch: String, in box: ThumbnailBox) -> Data? {
        let shape: (width: Int, height: Int), draw: (Int, Int) -> Bitmap
        if let colours = ColourSketch(encoded: sketch) {
            shape = (colours.columns * 1000, colours.rows * 1000)
            draw = colours.bitmap(width:height:)
        } else if let blurHash = BlurHashSketch(encoded: sketch) {
            shape = blurHash.width.flatMap { width in blurHash.height.map { (width, $0) } } ?? box.pixelSize
            draw = blurHash.hash.bitmap(width:height:)
        } else {
            return nil
        }
        guard let cells = try? box.geometry(imageWidth: shape.width, imageHeight: shape.height) else { return nil }
        // Four by eight samples per cell: enough for chafa to blend a smooth gradient.
        let bitmap = draw(cells.columns * 4, cells.rows * 8)
        guard let lines = try? SymbolEncoder(colorDepth: .truecolor).encode(bitmap, columns: cells.columns, rows: cells.rows) else {
            return nil
        }
        return TerminalPicture.text(lines).encoded
    }
}
