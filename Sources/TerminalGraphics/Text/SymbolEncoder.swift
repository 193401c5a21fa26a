// SymbolEncoder: coloured Unicode text art through libchafa; the escape codes are our own builders.
import CChafa
import Foundation
import Imaging

/// Encodes bitmaps as lines of coloured block and border symbols chosen by libchafa.
/// Each line is self-contained: it sets its own colours and ends with an attribute reset.
public struct SymbolEncoder: Sendable {
    /// The colours the lines may use; `.none` gives symbols without colour.
    public var colorDepth: ColorDepth

    /// Creates an encoder for a terminal with `colorDepth`.
    public init(colorDepth: ColorDepth = .truecolor) {
        self.colorDepth = colorDepth
    }

    /// One line per row for a `columns × rows` cell box.
    public func encode(_ bitmap: Bitmap, columns: Int, rows: Int) throws -> [Data] {
        guard columns > 0, rows > 0 else {
            throw TerminalGraphicsError.invalidSize(width: columns, height: rows, reason: "text art needs at least one cell")
        }
        guard let config = chafa_canvas_config_new() else { throw TerminalGraphicsError.chafaFailed(stage: "canvas config") }
        defer { chafa_canvas_config_unref(config) }
        chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
        chafa_canvas_config_set_canvas_mode(config, canvasMode)
        guard let symbols = chafa_symbol_map_new() else { throw TerminalGraphicsError.chafaFailed(stage: "symbol map") }
        defer { chafa_symbol_map_unref(symbols) }
        chafa_symbol_map_add_by_tags(symbols, ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_BLOCK.rawValue
            | CHAFA_SYMBOL_TAG_BORDER.rawValue | CHAFA_SYMBOL_TAG_SPACE.rawValue))
        chafa_symbol_map_remove_by_tags(symbols, ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_WIDE.rawValue
            | CHAFA_SYMBOL_TAG_AMBIGUOUS.rawValue | CHAFA_SYMBOL_TAG_UGLY.rawValue))
        chafa_canvas_config_set_symbol_map(config, symbols)
        guard let canvas = chafa_canvas_new(config) else { throw TerminalGraphicsError.chafaFailed(stage: "canvas") }
        defer { chafa_canvas_unref(canvas) }
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels.baseAddress,
                                         Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.width * 4))
        }
        return (0..<rows).map { row in line(canvas, row: row, columns: columns) }
    }

    private func line(_ canvas: OpaquePointer, row: Int, columns: Int) -> Data {
        var text = ""
        var current: [TerminalColor?]? = nil
        for column in 0..<columns {
            let code = chafa_canvas_get_char_at(canvas, Int32(column), Int32(row))
            guard code != 0, let scalar = Unicode.Scalar(code) else { continue }
            if colorDepth != .none {
                var foreground: Int32 = 0, background: Int32 = 0
                if colorDepth == .truecolor {
                    chafa_canvas_get_colors_at(canvas, Int32(column), Int32(row), &foreground, &background)
                } else {
                    chafa_canvas_get_raw_colors_at(canvas, Int32(column), Int32(row), &foreground, &background)
                }
                let colors = [color(foreground), color(background)]
                if current != colors {
                    // A colour that goes back to the default needs a reset; otherwise SGR overrides.
                    if current != nil, colors.contains(where: { $0 == nil }) { text += EscapeSequence.resetAttributes }
                    text += EscapeSequence.colors(foreground: colors[0], background: colors[1])
                    current = colors
                }
            }
            // Symbols from chafa's map are printable by construction; sanitise anyway.
            text += EscapeSequence.sanitized(String(Character(scalar)))
        }
        if colorDepth != .none { text += EscapeSequence.resetAttributes }
        return Data(text.utf8)
    }

    private func color(_ value: Int32) -> TerminalColor? {
        guard value >= 0 else { return nil }
        if colorDepth == .truecolor {
            return .rgb(UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        }
        return value < 256 ? .indexed(UInt8(value)) : nil
    }

    private var canvasMode: ChafaCanvasMode {
        switch colorDepth {
        case .truecolor: return CHAFA_CANVAS_MODE_TRUECOLOR
        case .ansi256: return CHAFA_CANVAS_MODE_INDEXED_240
        case .ansi16: return CHAFA_CANVAS_MODE_INDEXED_16
        case .ansi8: return CHAFA_CANVAS_MODE_INDEXED_8
        case .none: return CHAFA_CANVAS_MODE_FGBG
        }
    }
}
