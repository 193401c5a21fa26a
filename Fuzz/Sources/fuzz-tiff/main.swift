// fuzz-tiff: HEIFTIFFThumbnail's TIFF side in C (libtiff over memory, the reduced-resolution level chosen, scanlines
// and tiles averaged down as they are read) on arbitrary bytes — a size, a refusal or pixels, never a trap, a leak
// or a bad access.
import Foundation
import FuzzSupport
import FuzzedTIFF

/// One input: read the header; when it is small, decode it for a 16×12 box at a 4-megapixel limit (a large one in two
/// bands of rows on two threads) and check the pixels' size against the level's (at most the header's, at least the
/// need or the whole level), the orientation and the profile.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzTIFF(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    var header = snapterm_direct_header()
    guard snapterm_tiff_header(bytes.baseAddress, bytes.count, &header) == 0 else { return 0 }
    precondition(header.width > 0 && header.height > 0 && (1...8).contains(header.orientation) && header.pages >= 1,
                 "header \(header.width)×\(header.height) orientation \(header.orientation) pages \(header.pages)")
    guard Int(header.width) * Int(header.height) <= 4_000_000 else { return 0 }
    var rgb: UnsafeMutablePointer<UInt8>?
    var picture = snapterm_direct_picture()
    let result = snapterm_tiff_decode(bytes.baseAddress, bytes.count, 16, 12, 4_000_000, 2, &rgb, &picture)
    if result == 0 {
        precondition(rgb != nil && picture.width > 0 && picture.height > 0 && picture.shrink >= 1, "decoded \(picture.width)×\(picture.height)")
        precondition(Int(picture.width) * Int(picture.height) * Int(picture.shrink) * Int(picture.shrink) <= 4 * 4_000_000)
        precondition((1...8).contains(picture.orientation) && (picture.icc == nil) == (picture.icc_length == 0))
        // every byte was written: reading them all is checked by AddressSanitizer (and the sum keeps the loop)
        var sum = 0
        for index in 0..<Int(picture.width) * Int(picture.height) * 3 { sum &+= Int(rgb![index]) }
        precondition(sum >= 0)
    } else {
        precondition(rgb == nil && picture.icc == nil, "a refusal (\(result)) left memory behind")
    }
    free(rgb)
    free(picture.icc)
    return 0
}

runLibFuzzer(fuzzTIFF)
