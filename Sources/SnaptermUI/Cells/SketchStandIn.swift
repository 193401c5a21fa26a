// SketchStandIn: a colour sketch kept with a message, drawn as text art in the cells its picture will cover — what
// a row shows before one byte of its picture has arrived.
import Foundation
import Imaging
import TerminalGraphics
import Thumbnails

enum SketchStandIn {
    /// The sketch (`ColourSketch`'s text form) as an encoded text-art `TerminalPicture` in the part of `box` a
    /// picture of its shape covers; `nil` for a sketch that does not parse.
    static func encoded(_ sketch: String, in box: ThumbnailBox) -> Data? {
        guard let sketch = ColourSketch(encoded: sketch),
              let cells = try? box.geometry(imageWidth: sketch.columns * 1000, imageHeight: sketch.rows * 1000) else { return nil }
        // Four by eight samples per cell: enough for chafa to blend a smooth gradient.
        let bitmap = sketch.bitmap(width: cells.columns * 4, height: cells.rows * 8)
        guard let lines = try? SymbolEncoder(colorDepth: .truecolor).encode(bitmap, columns: cells.columns, rows: cells.rows) else {
            return nil
        }
        return TerminalPicture.text(lines).encoded
    }
}
