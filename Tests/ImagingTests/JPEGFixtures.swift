// JPEGFixtures: the JPEG fixtures of Tests/Fixtures/imaging and JPEGs made from them — a photo stored with
// an EXIF orientation, an ICC profile put in APP2 segments — and how far two thumbnails are apart.
import Foundation
@testable import Imaging
import TestSupport

enum JPEGFixtures {
    static let folder = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging")

    /// A fixture's bytes, by its path under Tests/Fixtures/imaging ("good/profiles/adobe-rgb.icc").
    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(path))
    }

    /// A shipped photo's bytes.
    static func photo(_ name: String) throws -> Data {
        try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/\(name)"))
    }

    /// The RGB profiles phones and cameras embed (scripts/fixtures/icc-profiles.c).
    static let profiles = ["srgb", "adobe-rgb", "display-p3"]

    /// `jpeg` with `profile` put right after its start of image, in `chunks` APP2 ICC_PROFILE segments,
    /// written in `order` (chunk numbers from 1; default in order).
    static func withProfile(_ jpeg: Data, _ profile: Data, chunks: Int = 1, order: [Int]? = nil) -> Data {
        let size = (profile.count + chunks - 1) / chunks
        let parts = (0..<chunks).map { profile.dropFirst($0 * size).prefix(size) }
        var segments = Data()
        for number in order ?? Array(1...chunks) {
            let payload = Data("ICC_PROFILE\0".utf8) + [UInt8(number), UInt8(chunks)] + parts[number - 1]
            segments += [0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        return jpeg.prefix(2) + segments + jpeg.dropFirst(2)
    }

    /// A photo decoded and written again by libvips with the EXIF `orientation` tag (the pixels as stored).
    static func stored(_ photo: Data, orientation: Int) throws -> Data {
        try TestImages.jpeg(ImageProcessor().decode(photo), orientation: orientation)
    }

    /// libvips' thumbnail (the path every picture DirectJPEG leaves takes).
    static func libvipsThumbnail(_ data: Data, width: Int, height: Int) throws -> Bitmap {
        try VipsErrorGate.shared.run { () throws(ImagingError) in
            try ImageProcessor().shrunk(data, width: width, height: height, mode: .fill)
        }
    }

    /// libvips' header of `data`.
    static func libvipsInfo(_ data: Data) throws -> ImageInfo {
        try VipsErrorGate.shared.run { () throws(ImagingError) in try ImageProcessor().header(of: data) }
    }

    /// The mean absolute difference of two same-sized bitmaps per RGB channel, in levels of 255.
    static func meanDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
        var sum = 0
        for index in stride(from: 0, to: a.pixels.count, by: 4) {
            for channel in 0..<3 { sum += abs(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel])) }
        }
        return Double(sum) / Double(a.width * a.height * 3)
    }
}
