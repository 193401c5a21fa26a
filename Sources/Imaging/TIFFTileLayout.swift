// TIFFTileLayout: how a TIFF's first picture is tiled, read from its first directory (IFD) by Imaging itself,
// before libtiff decodes anything — a picture of many tiny tiles costs seconds per hundred thousand tiles.

/// The size and tiling of a TIFF's first picture (the one libvips reads). Classic TIFF and BigTIFF, either
/// byte order; every read is bounded by the input, at most `maxEntries` directory entries are looked at.
struct TIFFTileLayout: Equatable {
    /// The picture's size (ImageWidth 256, ImageLength 257).
    let width: Int, height: Int
    /// The tile count: the larger of what TileOffsets (324) lists and what TileWidth (322) × TileLength (323)
    /// make of the picture's size.
    let tiles: Int

    /// The most directory entries read (a real first IFD has 10–40).
    static let maxEntries = 4_096

    /// A layout of `tiles` tiles for a `width × height` picture.
    init(width: Int, height: Int, tiles: Int) {
        self.width = width
        self.height = height
        self.tiles = tiles
    }

    /// The tiling of `raw`'s first picture, or `nil` when it is in strips, or when its header or first
    /// directory does not read (libtiff then judges the file).
    init?(_ raw: UnsafeRawBufferPointer) {
        guard raw.count >= 8 else { return nil }
        let little: Bool
        switch (raw[0], raw[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read(_ offset: Int, _ width: Int) -> Int? {
            guard offset >= 0, width <= 8, offset <= raw.count - width else { return nil }
            var value: UInt64 = 0
            for index in 0..<width {
                value = value << 8 | UInt64(raw[little ? offset + width - 1 - index : offset + index])
            }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }
        guard let magic = read(2, 2), magic == 42 || magic == 43 else { return nil }
        let big = magic == 43
        // classic: 2-byte entry count, 12-byte entries, 4-byte counts and values; BigTIFF: 8, 20, 8, 8
        let (countWidth, entryWidth, fieldWidth) = big ? (8, 20, 8) : (2, 12, 4)
        guard let ifd = read(big ? 8 : 4, big ? 8 : 4), ifd < raw.count, let entries = read(ifd, countWidth) else { return nil }
        var tags: [Int: (count: Int, value: Int?)] = [:]
        for index in 0..<min(entries, Self.maxEntries) {
            let entry = ifd + countWidth + index * entryWidth
            guard let tag = read(entry, 2), let type = read(entry + 2, 2), let count = read(entry + 4, fieldWidth) else { return nil }
            guard [256, 257, 322, 323, 324].contains(tag), tags[tag] == nil else { continue }
            // a single SHORT, LONG or LONG8 lies in the entry itself (at its start, in the file's byte order)
            let width = [3: 2, 4: 4, 16: 8][type]
            let value = width.flatMap { $0 <= fieldWidth && count == 1 ? read(entry + 4 + fieldWidth, $0) : nil }
            tags[tag] = (count, value)
        }
        let sane = 1...Int(UInt32.max)  // (larger sides are the pixel limit's to refuse)
        guard let width = tags[256]?.value, let height = tags[257]?.value, sane.contains(width), sane.contains(height),
              let offsets = tags[324]?.count else { return nil }
        var grid = 0
        if let tileWidth = tags[322]?.value, let tileLength = tags[323]?.value, sane.contains(tileWidth), sane.contains(tileLength) {
            let product = ((width + tileWidth - 1) / tileWidth).multipliedReportingOverflow(by: (height + tileLength - 1) / tileLength)
            grid = product.overflow ? Int.max : product.partialValue
        }
        self.width = width
        self.height = height
        tiles = max(offsets, grid)
    }
}
