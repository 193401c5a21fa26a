// ImageProcessor+Tiles: pictures cut into far more tiles than their size justifies (a HEIF grid of 10,000
// tiles, a TIFF of 191,844 16×16 tiles) refused from their boxes or directory, before libvips decodes them.

extension ImageProcessor {
    /// Throws `tooManyTiles` when `raw` (sniffed as `format`) is a HEIF/AVIF picture derived from more images
    /// than `ImageLimits.allowedHEIFTiles` or a TIFF with a picture (a page, a SubIFD) of more tiles than
    /// `ImageLimits.allowedTIFFTiles`, and `corrupt` when a HEIF file's boxes do not fit in one another. Reads
    /// only the structure: linear in the file's size, no pixel decoded.
    static func checkTiles(_ raw: UnsafeRawBufferPointer, as format: ImageFormat, limits: ImageLimits) throws(ImagingError) {
        switch format {
        case .heif, .avif:
            guard let items = try HEIFItems(raw, format: format), items.derivedImageCount > 0 else { return }
            let size = items.primarySize ?? HEIFItems.Size(width: 0, height: 0)
            let limit = limits.allowedHEIFTiles(width: size.width, height: size.height)
            guard items.derivedImageCount <= limit else {
                throw .tooManyTiles(format: format, count: items.derivedImageCount, width: size.width, height: size.height, limit: limit)
            }
        case .tiff:
            // every page and SubIFD: libvips' thumbnail may decode any level of what it takes for a pyramid
            for layout in TIFFTileLayout.all(raw) {
                let limit = limits.allowedTIFFTiles(width: layout.width, height: layout.height)
                guard layout.tiles <= limit else {
                    throw .tooManyTiles(format: format, count: layout.tiles, width: layout.width, height: layout.height, limit: limit)
                }
            }
        default:
            return
        }
    }
}
