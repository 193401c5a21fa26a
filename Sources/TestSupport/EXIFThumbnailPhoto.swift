// EXIFThumbnailPhoto: a JPEG with an EXIF block as a camera writes one — the orientation in IFD0, a small JPEG
// thumbnail in IFD1 — built from two JPEGs, for tests of what reads it.
import Foundation

public enum EXIFThumbnailPhoto {
    /// `main` (a JPEG) with an APP1 EXIF block holding `orientation` and `thumbnail` (a JPEG); `offsetShift` and
    /// `declaredLength` damage IFD1's pointer to it.
    public static func make(main: Data, thumbnail: Data, orientation: Int = 1, offsetShift: Int = 0, declaredLength: Int? = nil) -> Data {
        func short(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func long(_ value: Int) -> [UInt8] { [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        // TIFF: header (8) · IFD0 at 8: 1 entry (2 + 12 + 4 = 18) · IFD1 at 26: 2 entries (2 + 24 + 4 = 30) · thumbnail at 56
        var tiff: [UInt8] = [0x4D, 0x4D, 0, 42] + long(8)
        tiff += short(1) + short(0x0112) + short(3) + long(1) + short(orientation) + short(0) + long(26)
        tiff += short(2) + short(0x0201) + short(4) + long(1) + long(56 + offsetShift)
        tiff += short(0x0202) + short(4) + long(1) + long(declaredLength ?? thumbnail.count) + long(0)
        tiff += Array(thumbnail)
        let body: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let segment: [UInt8] = [0xFF, 0xE1] + short(body.count + 2) + body
        return Data([0xFF, 0xD8] + segment + Array(main.dropFirst(2)))
    }
}
