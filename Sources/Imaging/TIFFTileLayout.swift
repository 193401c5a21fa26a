// TIFFTileLayout: how a TIFF's pictures are tiled, read from its directories (IFDs) by Imaging itself, before
// libtiff decodes anything — a picture of many tiny tiles costs seconds per hundred thousand tiles.

/// The size and tiling of one picture of a TIFF. Classic TIFF and BigTIFF, either byte order; every read is
/// bounded by the input, at most `maxEntries` entries a directory and `maxDirectories` directories are read.
struct TIFFTileLayout: Equatable {
    /// The picture's size (ImageWidth 256, ImageLength 257).
    let width: Int, height: Int
    /// The tile count: the larger of what TileOffsets (324) lists and what TileWidth (322) × TileLength (323)
    /// make of the picture's size.
    let tiles: Int

    /// The most directory entries read (a real IFD has 10–40).
    static let maxEntries = 4_096
    /// The most directories read: the chain of pages and their SubIFDs (libvips' thumbnail looks for a pyramid
    /// among both and may decode any level of it).
    static let maxDirectories = 64

    /// A layout of `tiles` tiles for a `width × height` picture.
    init(width: Int, height: Int, tiles: Int) {
        self.width = width
        self.height = height
        self.tiles = tiles
    }

    /// The tiling of `raw`'s first picture (the one libvips decodes), or `nil` when it is in strips, or when
    /// the header or the first directory does not read (libtiff then judges the file).
    init?(_ raw: UnsafeRawBufferPointer) {
        guard let reader = Reader(raw), let first = reader.firstDirectory,
              let layout = reader.directory(at: first)?.layout else { return nil }
        self = layout
    }

    /// The tiled pictures of `raw`: its first directory, the pages chained after it and their SubIFDs (330),
    /// each directory read once (a chain that loops back ends), at most `maxDirectories`.
    static func all(_ raw: UnsafeRawBufferPointer) -> [TIFFTileLayout] {
        guard let reader = Reader(raw), let first = reader.firstDirectory else { return [] }
        var pending = [first], seen: Set<Int> = [], layouts: [TIFFTileLayout] = []
        while let offset = pending.popLast(), seen.count < maxDirectories {
            guard seen.insert(offset).inserted, let directory = reader.directory(at: offset) else { continue }
            if let layout = directory.layout { layouts.append(layout) }
            pending += directory.subDirectories.reversed()
            if let next = directory.next, next != 0 { pending.insert(next, at: 0) }
        }
        return layouts
    }

    /// One directory's facts: its tiling, where the next one is, its SubIFDs.
    private struct Directory {
        var layout: TIFFTileLayout?
        var next: Int?
        var subDirectories: [Int]
    }

    /// Bounded reads of a TIFF's header and directories.
    private struct Reader {
        let raw: UnsafeRawBufferPointer
        let little: Bool
        let big: Bool

        init?(_ raw: UnsafeRawBufferPointer) {
            guard raw.count >= 8 else { return nil }
            switch (raw[0], raw[1]) {
            case (0x49, 0x49): little = true
            case (0x4D, 0x4D): little = false
            default: return nil
            }
            let magic = little ? Int(raw[2]) | Int(raw[3]) << 8 : Int(raw[2]) << 8 | Int(raw[3])
            guard magic == 42 || magic == 43 else { return nil }
            self.raw = raw
            big = magic == 43
        }

        /// The offset of the first directory.
        var firstDirectory: Int? { read(big ? 8 : 4, big ? 8 : 4) }

        /// The unsigned value of `width` bytes at `offset` in the file's byte order, or `nil` past the end.
        func read(_ offset: Int, _ width: Int) -> Int? {
            guard offset >= 0, width <= 8, offset <= raw.count - width else { return nil }
            var value: UInt64 = 0
            for index in 0..<width {
                value = value << 8 | UInt64(raw[little ? offset + width - 1 - index : offset + index])
            }
            return value <= UInt64(Int.max) ? Int(value) : nil
        }

        /// The directory at `offset`, or `nil` when it does not read.
        func directory(at offset: Int) -> Directory? {
            // classic: 2-byte entry count, 12-byte entries, 4-byte counts and values; BigTIFF: 8, 20, 8, 8
            let (countWidth, entryWidth, fieldWidth) = big ? (8, 20, 8) : (2, 12, 4)
            guard offset < raw.count, let entries = read(offset, countWidth) else { return nil }
            var tags: [Int: (count: Int, value: Int?, at: Int)] = [:]
            let read = min(entries, TIFFTileLayout.maxEntries)
            for index in 0..<read {
                let entry = offset + countWidth + index * entryWidth
                guard let tag = self.read(entry, 2), let type = self.read(entry + 2, 2),
                      let count = self.read(entry + 4, fieldWidth) else { return nil }
                guard [256, 257, 322, 323, 324, 330].contains(tag), tags[tag] == nil else { continue }
                // one SHORT, LONG, IFD, LONG8 or IFD8 lies in the entry itself (at its start, in the byte order)
                let width = [3: 2, 4: 4, 13: 4, 16: 8, 18: 8][type]
                let value = width.flatMap { $0 <= fieldWidth && count == 1 ? self.read(entry + 4 + fieldWidth, $0) : nil }
                // several values lie at the offset the entry holds
                // (a count of up to 2^63 in a BigTIFF: the product must not overflow — a fuzzed file trapped here)
                let at = width.flatMap { width -> Int? in
                    let bytes = count.multipliedReportingOverflow(by: width)
                    return count > 1 && (bytes.overflow || bytes.partialValue > fieldWidth) ? self.read(entry + 4 + fieldWidth, fieldWidth) : nil
                }
                tags[tag] = (count, value, at ?? -1)
            }
            let next = self.read(offset + countWidth + read * entryWidth, fieldWidth)
            var subDirectories: [Int] = []
            if let sub = tags[330] {
                if let value = sub.value { subDirectories = [value] }
                let width = big ? 8 : 4
                for index in 0..<min(sub.count, TIFFTileLayout.maxDirectories) where sub.at >= 0 && sub.at < raw.count {
                    if let offset = self.read(sub.at + index * width, width) { subDirectories.append(offset) }
                }
            }
            return Directory(layout: layout(tags), next: entries <= TIFFTileLayout.maxEntries ? next : nil,
                             subDirectories: subDirectories)
        }

        /// The tiling the tags describe, or `nil` for a picture in strips or without a size.
        private func layout(_ tags: [Int: (count: Int, value: Int?, at: Int)]) -> TIFFTileLayout? {
            let sane = 1...Int(UInt32.max)  // (larger sides are the pixel limit's to refuse)
            guard let width = tags[256]?.value, let height = tags[257]?.value, sane.contains(width), sane.contains(height),
                  let offsets = tags[324]?.count else { return nil }
            var grid = 0
            if let tileWidth = tags[322]?.value, let tileLength = tags[323]?.value, sane.contains(tileWidth), sane.contains(tileLength) {
                let product = ((width + tileWidth - 1) / tileWidth).multipliedReportingOverflow(by: (height + tileLength - 1) / tileLength)
                grid = product.overflow ? Int.max : product.partialValue
            }
            return TIFFTileLayout(width: width, height: height, tiles: max(offsets, grid))
        }
    }
}
