// HEIFItems: what a HEIF/AVIF file's `meta` box says of its primary picture — its size, how many images it is
// derived from (a grid's tiles), its thumbnails — read by Imaging itself before libheif decodes anything.

/// The facts of a HEIF (HEIC, AVIF) file's item structure that its cost and its thumbnails depend on.
/// Parsed strictly from the boxes (`ftyp`, `meta` → `pitm`, `iref`, `iprp` → `ipco`, `ipma`): linear in
/// the file's size, no read out of bounds, no size trusted.
struct HEIFItems: Equatable {
    /// A picture's size as its `ispe` (image spatial extent) property declares it.
    struct Size: Equatable {
        var width: Int, height: Int
    }

    /// The primary item's id (`pitm`).
    let primary: Int
    /// The primary item's declared size, when it has an `ispe`.
    let primarySize: Size?
    /// How many coded images decoding the primary item decodes (`dimg` references: a grid's tiles, an overlay's
    /// layers, followed through grids of grids, a tile named twice counted twice); 0 for a plain coded picture.
    let derivedImageCount: Int
    /// The declared sizes of the primary item's thumbnails (`thmb` references to it), in file order; `nil`
    /// for a thumbnail with no `ispe`.
    let thumbnailSizes: [Size?]

    /// Whether every thumbnail may stand for the primary picture: each declares a size smaller than the
    /// primary's, of the same aspect up to the rounding of a scaled size (2 pixels, or 1 % of a side). A
    /// thumbnail of another shape shows something else; one without a declared size, or a primary without
    /// one, is not trusted either. (libvips 8.14 draws a thumbnail up to ~5 % off the picture's aspect.)
    var thumbnailsMatchPrimary: Bool {
        guard !thumbnailSizes.isEmpty else { return true }
        guard let primary = primarySize, primary.width > 0, primary.height > 0 else { return false }
        return thumbnailSizes.allSatisfy { size in
            guard let size, size.width > 0, size.height > 0, size.width <= primary.width, size.height <= primary.height
            else { return false }
            // the thumbnail's height for its width at the primary's aspect (in Double: sides are at most 2³²)
            let expected = Double(size.width) * Double(primary.height) / Double(primary.width)
            return abs(Double(size.height) - expected) <= max(2, expected / 100)
        }
    }

    private static let meta = ISOBox.fourCC("meta"), pitm = ISOBox.fourCC("pitm"), iref = ISOBox.fourCC("iref")
    private static let iprp = ISOBox.fourCC("iprp"), ipco = ISOBox.fourCC("ipco"), ipma = ISOBox.fourCC("ipma")
    private static let ispe = ISOBox.fourCC("ispe"), dimg = ISOBox.fourCC("dimg"), thmb = ISOBox.fourCC("thmb")

    /// Facts given as they are (tests).
    init(primary: Int, primarySize: Size?, derivedImageCount: Int = 0, thumbnailSizes: [Size?] = []) {
        self.primary = primary
        self.primarySize = primarySize
        self.derivedImageCount = derivedImageCount
        self.thumbnailSizes = thumbnailSizes
    }

    /// The item facts of `raw` (a file that sniffed as `format`, HEIF or AVIF); `nil` when it has no `meta`
    /// or no primary item (libheif then refuses it itself). Damaged boxes throw `corrupt`.
    init?(_ raw: UnsafeRawBufferPointer, format: ImageFormat) throws(ImagingError) {
        let reader = ISOBoxReader(bytes: raw, format: format)
        guard let meta = try reader.children(of: 0..<raw.count, stopAt: Self.meta).first(where: { $0.type == Self.meta })
        else { return nil }
        let boxes = try reader.children(of: try reader.fullBox(meta).body)
        guard let pitm = boxes.first(where: { $0.type == Self.pitm }) else { return nil }
        let (version, _, body) = try reader.fullBox(pitm)
        let primary = version == 0 ? try reader.u16(body.lowerBound, in: body) : try reader.u32(body.lowerBound, in: body)
        var derivedFrom: [Int: [Int]] = [:]
        var thumbnails: [Int] = []
        for iref in boxes where iref.type == Self.iref {
            try Self.readReferences(iref, reader) { type, from, to throws(ImagingError) in
                if type == Self.dimg { derivedFrom[from, default: []] += to }
                if type == Self.thmb, to.contains(primary) { thumbnails.append(from) }
            }
        }
        var decodes: [Int: Int] = [:]
        let derived = derivedFrom[primary] == nil
            ? 0 : try Self.codedImages(under: primary, derivedFrom, &decodes, depth: 0, reader)
        let sizes = try Self.sizes(of: Set(thumbnails + [primary]), in: boxes, reader)
        self.primary = primary
        primarySize = sizes[primary]
        derivedImageCount = derived
        thumbnailSizes = thumbnails.map { sizes[$0] }
    }

    /// The most levels of derived images (a grid of grids…) followed.
    static let maxDerivationDepth = 8

    /// How many coded images decoding `item` decodes: 1 for a coded image, the sum over its `dimg` references
    /// for a derived one (a tile named twice is decoded twice), saturating; each item computed once (`decodes`).
    private static func codedImages(
        under item: Int, _ derivedFrom: [Int: [Int]], _ decodes: inout [Int: Int], depth: Int, _ reader: ISOBoxReader
    ) throws(ImagingError) -> Int {
        guard let references = derivedFrom[item] else { return 1 }
        if let known = decodes[item] { return known }
        guard depth < maxDerivationDepth else {
            throw reader.damaged("derived images nested more than \(maxDerivationDepth) deep (or in a loop)")
        }
        var total = 0
        for reference in references {
            let (sum, overflow) = total.addingReportingOverflow(
                try codedImages(under: reference, derivedFrom, &decodes, depth: depth + 1, reader))
            total = overflow ? Int.max : sum
        }
        decodes[item] = total
        return total
    }

    /// Calls `body` with each reference of an `iref` box: its type, the item it is from, the items it points to.
    private static func readReferences(
        _ iref: ISOBox, _ reader: ISOBoxReader, _ body: (UInt32, Int, [Int]) throws(ImagingError) -> Void
    ) throws(ImagingError) {
        let (version, _, range) = try reader.fullBox(iref)
        let idWidth = version == 0 ? 2 : 4
        for reference in try reader.children(of: range) {
            let payload = reference.payload
            let from = Int(try reader.unsigned(payload.lowerBound, width: idWidth, in: payload))
            let count = try reader.u16(payload.lowerBound + idWidth, in: payload)
            let first = payload.lowerBound + idWidth + 2
            guard count * idWidth <= payload.upperBound - first else {
                throw reader.damaged("a '\(reference.typeName)' reference names \(count) items in \(payload.count) bytes")
            }
            var to: [Int] = []
            to.reserveCapacity(count)
            for index in 0..<count {
                to.append(Int(try reader.unsigned(first + index * idWidth, width: idWidth, in: payload)))
            }
            try body(reference.type, from, to)
        }
    }

    /// The `ispe` sizes of `items`, through the property associations (`ipma`) into the property container (`ipco`).
    private static func sizes(of items: Set<Int>, in boxes: [ISOBox], _ reader: ISOBoxReader) throws(ImagingError) -> [Int: Size] {
        guard let iprp = boxes.first(where: { $0.type == Self.iprp }) else { return [:] }
        let properties = try reader.children(of: iprp.payload)
        guard let ipco = properties.first(where: { $0.type == Self.ipco }) else { return [:] }
        let container = try reader.children(of: ipco.payload)
        var sizes: [Int: Size] = [:]
        for ipma in properties where ipma.type == Self.ipma {
            let (version, flags, body) = try reader.fullBox(ipma)
            let idWidth = version < 1 ? 2 : 4, indexWidth = flags & 1 == 1 ? 2 : 1
            let entries = try reader.u32(body.lowerBound, in: body)
            var offset = body.lowerBound + 4
            guard entries <= body.count / (idWidth + 1) else { throw reader.damaged("'ipma' declares \(entries) items") }
            for _ in 0..<entries {
                let item = Int(try reader.unsigned(offset, width: idWidth, in: body))
                let associations = Int(try reader.unsigned(offset + idWidth, width: 1, in: body))
                offset += idWidth + 1
                for association in 0..<associations {
                    let raw = Int(try reader.unsigned(offset + association * indexWidth, width: indexWidth, in: body))
                    let index = raw & (indexWidth == 2 ? 0x7FFF : 0x7F)  // the top bit says "essential"
                    guard items.contains(item), sizes[item] == nil, index >= 1, index <= container.count,
                          container[index - 1].type == Self.ispe else { continue }
                    let (_, _, extent) = try reader.fullBox(container[index - 1])
                    sizes[item] = Size(width: try reader.u32(extent.lowerBound, in: extent),
                                       height: try reader.u32(extent.lowerBound + 4, in: extent))
                }
                offset += associations * indexWidth
            }
        }
        return sizes
    }
}
