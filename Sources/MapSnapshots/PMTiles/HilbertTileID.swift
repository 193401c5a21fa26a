// HilbertTileID: PMTiles tile ids — every tile of lower zooms counted first, then the tile's place on a Hilbert curve.

/// Conversion between z/x/y and the single tile id PMTiles directories are sorted by.
public enum HilbertTileID {
    /// The highest zoom whose ids fit comfortably in 64 bits (the spec's readers stop at 26 too).
    public static let maxZoom = 26

    /// The id of tile z/x/y, or nil when z is over `maxZoom` or x, y are outside the zoom's grid.
    public static func id(z: Int, x: Int, y: Int) -> UInt64? {
        guard (0...maxZoom).contains(z), (0..<(1 << z)).contains(x), (0..<(1 << z)).contains(y) else { return nil }
        var x = UInt64(x), y = UInt64(y)
        var id = tilesBelow(zoom: z)
        var level = z - 1
        while level >= 0 {
            let size = UInt64(1) << UInt64(level)
            let rx: UInt64 = x & size != 0 ? 1 : 0, ry: UInt64 = y & size != 0 ? 1 : 0
            id += ((3 * rx) ^ ry) << (2 * UInt64(level))
            (x, y) = rotate(size, x, y, rx, ry)
            level -= 1
        }
        return id
    }

    /// The z/x/y of tile `id`, or nil past the last tile of `maxZoom`.
    public static func tile(_ id: UInt64) -> (z: Int, x: Int, y: Int)? {
        guard id < tilesBelow(zoom: maxZoom + 1) else { return nil }
        var z = 0
        while tilesBelow(zoom: z + 1) <= id { z += 1 }
        var position = id - tilesBelow(zoom: z)
        var x: UInt64 = 0, y: UInt64 = 0
        var size: UInt64 = 1
        while size < UInt64(1) << UInt64(z) {
            let rx = (position / 2) & 1, ry = (position ^ rx) & 1
            (x, y) = rotate(size, x, y, rx, ry)
            x += size * rx
            y += size * ry
            position /= 4
            size *= 2
        }
        return (z, Int(x), Int(y))
    }

    /// How many tiles all zooms below `zoom` have: (4^zoom − 1) / 3.
    static func tilesBelow(zoom: Int) -> UInt64 {
        ((UInt64(1) << (2 * UInt64(zoom))) - 1) / 3
    }

    private static func rotate(_ size: UInt64, _ x: UInt64, _ y: UInt64, _ rx: UInt64, _ ry: UInt64) -> (UInt64, UInt64) {
        guard ry == 0 else { return (x, y) }
        // Wrapping: bits above `size` may be set while encoding; only the bits below it count.
        if rx == 1 { return (size &- 1 &- y, size &- 1 &- x) }
        return (y, x)
    }
}
