// CairoCanvas: a Cairo image surface with the few drawing operations the map renderer needs.
import CCairo
import Foundation
import Imaging

/// A 32-bit Cairo image surface and its context; used by one render on one thread, then dropped.
final class CairoCanvas {
    let width: Int
    let height: Int
    private let surface: OpaquePointer
    let context: OpaquePointer

    init(width: Int, height: Int) throws(MapSnapshotError) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .renderingFailed(reason: "could not create a \(width)×\(height) surface")
        }
        guard let context = cairo_create(surface), cairo_status(context) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .renderingFailed(reason: "could not create a Cairo context")
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.context = context
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    func setColor(_ color: MapColor, alpha: Double = 1) {
        cairo_set_source_rgba(context, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255, alpha)
    }

    func fillAll(_ color: MapColor) {
        setColor(color)
        cairo_paint(context)
    }

    func fillRectangle(x: Double, y: Double, width: Double, height: Double, color: MapColor, alpha: Double = 1) {
        setColor(color, alpha: alpha)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
    }

    /// Adds a feature's parts to the current path: tile coordinates → pixels by `origin + v·scale`.
    /// Vertices closer than half a pixel to the previous one are skipped.
    func addPath(_ feature: VectorFeature, originX: Double, originY: Double, scaleX: Double, scaleY: Double, closed: Bool) {
        let coordinates = feature.coordinates
        for part in 0..<feature.partStarts.count {
            let range = feature.partRange(part)
            guard range.count >= (closed ? 3 : 2) else { continue }
            var lastX = originX + Double(coordinates[2 * range.lowerBound]) * scaleX
            var lastY = originY + Double(coordinates[2 * range.lowerBound + 1]) * scaleY
            cairo_move_to(context, lastX, lastY)
            let final = range.upperBound - 1
            for vertex in (range.lowerBound + 1)..<range.upperBound {
                let x = originX + Double(coordinates[2 * vertex]) * scaleX
                let y = originY + Double(coordinates[2 * vertex + 1]) * scaleY
                if vertex != final, abs(x - lastX) < 0.5, abs(y - lastY) < 0.5 { continue }
                cairo_line_to(context, x, y)
                lastX = x
                lastY = y
            }
            if closed { cairo_close_path(context) }
        }
    }

    /// Fills the current path. Non-zero winding: MVT orders rings (exterior clockwise on screen, holes
    /// anticlockwise), and pieces of one shape that touch or overlap must not cancel each other out.
    func fill(_ color: MapColor) {
        setColor(color)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        cairo_fill(context)
    }

    func stroke(_ color: MapColor, width: Double, alpha: Double = 1) {
        setColor(color, alpha: alpha)
        cairo_set_line_width(context, width)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(context)
    }

    func clip(x: Double, y: Double, width: Double, height: Double) {
        cairo_save(context)
        cairo_rectangle(context, x, y, width, height)
        cairo_clip(context)
    }

    func restore() { cairo_restore(context) }

    func circle(x: Double, y: Double, radius: Double) {
        cairo_new_sub_path(context)
        cairo_arc(context, x, y, radius, 0, 2 * .pi)
    }

    func selectFont(size: Double, bold: Bool) {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
    }

    /// The advance width and the ascent/descent of `text` in the selected font.
    func measure(_ text: String) -> (width: Double, ascent: Double, descent: Double) {
        var extents = cairo_text_extents_t()
        var font = cairo_font_extents_t()
        cairo_text_extents(context, text, &extents)
        cairo_font_extents(context, &font)
        return (extents.x_advance, font.ascent, font.descent)
    }

    /// Draws `text` with its baseline starting at (x, y), with a halo behind it.
    func drawText(_ text: String, x: Double, y: Double, color: MapColor, halo: MapColor, haloWidth: Double) {
        cairo_move_to(context, x, y)
        cairo_text_path(context, text)
        setColor(halo, alpha: 0.9)
        cairo_set_line_width(context, haloWidth)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke_preserve(context)
        setColor(color)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        cairo_fill(context)
    }

    /// The pixels as an RGBA bitmap (Cairo keeps premultiplied native-endian ARGB).
    func bitmap() throws(MapSnapshotError) -> Bitmap {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw .renderingFailed(reason: "no surface data") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let raw = UnsafeRawPointer(data)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                for x in 0..<width {
                    let argb = raw.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                    let alpha = argb >> 24
                    var red = (argb >> 16) & 0xFF, green = (argb >> 8) & 0xFF, blue = argb & 0xFF
                    if alpha != 255 && alpha != 0 {
                        red = min(255, (red * 255 + alpha / 2) / alpha)
                        green = min(255, (green * 255 + alpha / 2) / alpha)
                        blue = min(255, (blue * 255 + alpha / 2) / alpha)
                    }
                    let base = (y * width + x) * 4
                    out[base] = UInt8(red)
                    out[base + 1] = UInt8(green)
                    out[base + 2] = UInt8(blue)
                    out[base + 3] = UInt8(alpha)
                }
            }
        }
        guard let bitmap = Bitmap(width: width, height: height, pixels: pixels) else {
            throw .renderingFailed(reason: "bitmap size mismatch")
        }
        return bitmap
    }
}
