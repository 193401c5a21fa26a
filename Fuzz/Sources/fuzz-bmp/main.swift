// fuzz-bmp: format sniffing and Imaging's own BMP reader on arbitrary bytes — a format or nil; for a BMP a
// checked header and a bitmap of exactly its size, or an ImagingError — never a trap, an out-of-bounds
// read or a picture over the pixel limit.
import Foundation
import FuzzSupport
@testable import FuzzedPictures

/// One input: sniff it; read what is a BMP with a 4-megapixel limit; what decodes has the header's size.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzBMP(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Data(fuzzBytes(data, count))
    guard ImageFormat(sniffing: bytes) == .bmp else { return 0 }
    bytes.withUnsafeBytes { raw in
        guard let header = try? BMPHeader(raw, maxPixels: 4_000_000) else { return }
        precondition(header.width > 0 && header.height > 0 && header.width * header.height <= 4_000_000, "\(header.width)×\(header.height)")
        let bitmap = BMPDecoder.decode(raw, header: header)
        precondition(bitmap.width == header.width && bitmap.height == header.height, "decoded \(bitmap.width)×\(bitmap.height)")
    }
    return 0
}

runLibFuzzer(fuzzBMP)
