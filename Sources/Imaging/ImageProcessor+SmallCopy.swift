// ImageProcessor+SmallCopy: a crop of a photo's small copy scaled down in Swift, without a libvips pipeline.

extension ImageProcessor {
    /// The crop of the opaque `photo` (a photo's small copy kept in memory) scaled down to `plan`'s target with
    /// `LanczosReduction`, or `nil` when that does not apply: a turn or a filter, an enlargement, transparency.
    ///
    /// Setting up a libvips pipeline (its operations, threads and GObject properties) costs more than scaling
    /// the few hundred pixels a row's thumbnail needs: in the conversation of photos scrolled at 120 rows/s,
    /// libvips and GLib took ~37 % of the CPU for these renders alone.
    static func reducedInSwift(_ photo: Bitmap, _ plan: RenderPlan, edit: ImageEdit) -> Bitmap? {
        guard edit.rotation == .none, edit.filter == .none else { return nil }
        let area = edit.crop.pixels(ofWidth: photo.width, height: photo.height)
        guard plan.target.width <= area.width, plan.target.height <= area.height else { return nil }
        var rgb = [UInt8](repeating: 0, count: area.width * area.height * 3)
        let opaque = photo.pixels.withUnsafeBufferPointer { pixels in
            rgb.withUnsafeMutableBufferPointer { rgb in
                var out = 0
                for y in area.top..<area.top + area.height {
                    var index = (y * photo.width + area.left) * 4
                    for _ in 0..<area.width {
                        guard pixels[index + 3] == 255 else { return false }
                        rgb[out] = pixels[index]
                        rgb[out + 1] = pixels[index + 1]
                        rgb[out + 2] = pixels[index + 2]
                        out += 3
                        index += 4
                    }
                }
                return true
            }
        }
        guard opaque else { return nil }
        return rgb.withUnsafeBufferPointer {
            LanczosReduction.filled(rgb: $0, width: area.width, height: area.height, toWidth: plan.target.width, height: plan.target.height)
        }
    }
}
