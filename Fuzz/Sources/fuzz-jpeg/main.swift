// fuzz-jpeg: DirectJPEG's C side (libjpeg with a setjmp error trap, the EXIF orientation and ICC
// checks) on arbitrary bytes — a size, a refusal or pixels, never a trap, a leak or a bad access.
import Foundation
import FuzzSupport
import FuzzedJPEG

/// One input: read the header; when it is plain and small, decode at 1/8 (at most 100 scans, as shipped) and check the pixel count.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzJPEG(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    var width: Int32 = 0, height: Int32 = 0
    guard snapterm_jpeg_header(bytes.baseAddress, bytes.count, &width, &height) == 0 else { return 0 }
    precondition(width > 0 && height > 0, "a plain JPEG of \(width)×\(height)")
    guard Int(width) * Int(height) <= 4_000_000 else { return 0 }
    var rgb: UnsafeMutablePointer<UInt8>?
    var outWidth: Int32 = 0, outHeight: Int32 = 0
    if snapterm_jpeg_decode(bytes.baseAddress, bytes.count, 8, 100, &rgb, &outWidth, &outHeight) == 0 {
        precondition(rgb != nil && outWidth == (width + 7) / 8 && outHeight == (height + 7) / 8, "decoded \(outWidth)×\(outHeight)")
        free(rgb)
    }
    return 0
}

runLibFuzzer(fuzzJPEG)
