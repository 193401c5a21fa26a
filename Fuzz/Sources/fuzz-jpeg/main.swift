// fuzz-jpeg: DirectJPEG's C side (libjpeg with a setjmp error trap, the EXIF orientation parse and turn,
// the ICC chunks reassembled) on arbitrary bytes — a size, a refusal or pixels, never a trap, a leak or a bad access.
import Foundation
import FuzzSupport
import FuzzedJPEG

/// One input: read the header; when it is plain and small, decode at 1/8 (at most 100 scans, a profile of at
/// most 1 MB, as shipped) and check the pixel count (turned upright), the orientation and the profile's size.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    var header = snapterm_jpeg_picture()
    guard snapterm_jpeg_header(bytes.baseAddress, bytes.count, &header) == 0 else { return 0 }
    let (width, height, orientation) = (header.width, header.height, header.orientation)
    precondition(width > 0 && height > 0, "a plain JPEG of \(width)×\(height)")
    precondition((1...8).contains(orientation), "orientation \(orientation)")
    guard Int(width) * Int(height) <= 4_000_000 else { return 0 }
    var rgb: UnsafeMutablePointer<UInt8>?
    var picture = snapterm_jpeg_picture()
    if snapterm_jpeg_decode(bytes.baseAddress, bytes.count, 8, 100, 1 << 20, &rgb, &picture) == 0 {
        let stored = (width: (width + 7) / 8, height: (height + 7) / 8)
        let upright = orientation >= 5 ? (width: stored.height, height: stored.width) : stored
        precondition(rgb != nil && picture.width == upright.width && picture.height == upright.height, "decoded \(picture.width)×\(picture.height)")
        precondition(picture.orientation == orientation && picture.icc_length <= 1 << 20 && (picture.icc == nil) == (picture.icc_length == 0))
        free(rgb)
        free(picture.icc)
    }
    return 0
}

runLibFuzzer(fuzzJPEG)
