// SixelRaster: the pixel size a sixel sequence declares, and the cells it covers — to centre it in its box.

/// The raster attributes (`"Pan;Pad;Ph;Pv`) at the start of a sixel sequence.
public enum SixelRaster {
    /// The declared width and height in pixels; nil when the sequence does not start with them.
    public static func pixelSize(of sixel: some Collection<UInt8>) -> (width: Int, height: Int)? {
        let head = Array(sixel.prefix(64))
        guard let introducer = head.firstIndex(of: UInt8(ascii: "q")), introducer + 1 < head.count,
              head[introducer + 1] == UInt8(ascii: "\"") else { return nil }
        let fields = head[(introducer + 2)...].prefix { $0 == UInt8(ascii: ";") || (48...57).contains($0) }
            .split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map { Int(String(decoding: $0, as: UTF8.self)) }
        guard fields.count == 4, let width = fields[2], let height = fields[3], width > 0, height > 0 else { return nil }
        return (width, height)
    }

    /// The cells a sixel of `width × height` pixels covers with cells of `cellWidth × cellHeight` (any part counts).
    public static func cells(of sixel: some Collection<UInt8>, cellWidth: Int, cellHeight: Int) -> (columns: Int, rows: Int)? {
        guard cellWidth > 0, cellHeight > 0, let size = pixelSize(of: sixel) else { return nil }
        return ((size.width + cellWidth - 1) / cellWidth, (size.height + cellHeight - 1) / cellHeight)
    }
}
