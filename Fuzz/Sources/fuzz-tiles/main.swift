// fuzz-tiles: Imaging's own readers of HEIF boxes (HEIFItems over ISOBoxReader) and of a TIFF's first directory
// (TIFFTileLayout) on arbitrary bytes — facts or a `corrupt` ImagingError, never a trap or an out-of-bounds read;
// the facts within what the input can hold.
import Foundation
import FuzzSupport
@testable import FuzzedPictures

/// One input: its HEIF item facts and its TIFF tiling, whatever it sniffs as.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTiles(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Data(fuzzBytes(data, count))
    bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
        do throws(ImagingError) {
            if let items = try HEIFItems(raw, format: .heif) {
                // each reference names at least 2 bytes of the input
                precondition(items.derivedImageCount <= raw.count / 2 && items.thumbnailSizes.count <= raw.count / 2)
                _ = items.thumbnailsMatchPrimary
            }
        } catch {
            guard case .corrupt = error else { preconditionFailure("\(error)") }
        }
        let layouts = TIFFTileLayout.all(raw)
        precondition(layouts.count <= TIFFTileLayout.maxDirectories)
        for layout in layouts + [TIFFTileLayout(raw)].compactMap({ $0 }) {
            precondition(layout.width > 0 && layout.height > 0 && layout.tiles >= 0, "\(layout)")
        }
    }
    return 0
}

runLibFuzzer(fuzzTiles)
