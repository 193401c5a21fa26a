// StandInPolicy: what a cell shows while its picture loads, decided once for every screen — a sketch kept with the
// picture (its colour sketch, else the BlurHash it came with) at once, else a quick text-art preview of a sixel
// picture, else the placeholder.
import Foundation
import Imaging
import TerminalGraphics

/// The stand-ins for the pictures of one thumbnail box. Screens ask it; none decides on its own.
public struct StandInPolicy: Sendable, Equatable {
    /// The box the pictures are drawn in.
    public let box: ThumbnailBox

    /// The policy for pictures drawn in `box`.
    public init(box: ThumbnailBox) {
        self.box = box
    }

    /// The box a preview is drawn in — text art in 24-bit colour, in the picture's cells — or `nil` when
    /// pictures get no preview: only a sixel picture is slow enough to make and to draw to be worth one (text art
    /// is as cheap as its preview; kitty and iTerm2 pictures show the placeholder until they land).
    public var previewBox: ThumbnailBox? {
        guard box.mode == .sixel else { return nil }
        return ThumbnailBox(columns: box.columns, rows: box.rows, cellWidth: box.cellWidth, cellHeight: box.cellHeight,
                            mode: .symbols, colors: .truecolor)
    }

    /// The preview of a picture, made from `source` (the picture's own, or a cheaper render of it); with
    /// `fromEmbeddedThumbnail`, from the small picture a camera stored in the file when there is one.
    public func previewURL(of source: URL, fromEmbeddedThumbnail: Bool = false) -> URL? {
        guard let previewBox else { return nil }
        return ThumbnailURL(source: source, box: previewBox, fromEmbeddedThumbnail: fromEmbeddedThumbnail).url
    }

    /// What a picture shows before one byte of it has arrived: `sketch` (a `ColourSketch` kept with it), else
    /// `blurHash` (the `BlurHashSketch` it came with), as an encoded text-art `TerminalPicture` in the part of
    /// the box a picture of its shape covers; `nil` when there is neither or it does not parse.
    public func standIn(sketch: String?, blurHash: @autoclosure () -> String?) -> Data? {
        guard let chosen = sketch ?? blurHash() else { return nil }
        return Self.encoded(chosen, in: box)
    }

    /// `sketch` drawn as text art in `box` (a BlurHash without the picture's size fills the box).
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
