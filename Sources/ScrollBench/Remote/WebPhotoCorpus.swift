// WebPhotoCorpus: web-size JPEGs made in memory from a few photos, for the remote scroll benchmark.
import Foundation
import Imaging

/// Distinct web-size JPEGs (800–1600 px wide, 100–400 KB where the picture allows) cut from a few
/// source photos: each is its own crop, width, filter and JPEG quality, so no two share bytes.
public struct WebPhotoCorpus: Sendable {
    /// One picture of the corpus.
    public struct Photo: Sendable, Hashable {
        /// A file name, e.g. `0007-coffee.jpg`.
        public let name: String
        /// The JPEG bytes.
        public let data: Data
        /// Its width in pixels.
        public let width: Int
    }

    /// The pictures, in the order they were made.
    public let photos: [Photo]

    /// Makes `count` pictures from the JPEG files `sources` (cycling through them); a source that does not
    /// decode is a typed error naming it.
    public init(sources: [URL], count: Int) throws {
        guard !sources.isEmpty, count > 0 else { throw ScrollBenchError.noRemotePictures(reason: "no source photos") }
        let originals = try sources.map { url in
            do { return (name: url.deletingPathExtension().lastPathComponent, data: try Data(contentsOf: url)) } catch {
                throw ScrollBenchError.noRemotePictures(reason: "\(url.path): \(error)")
            }
        }
        let processor = ImageProcessor()
        let filters: [ImageFilter] = [.sharpen, .none, .vivid, .sharpen, .sepia]
        photos = try (0..<count).map { index in
            let original = originals[index % originals.count]
            let round = index / originals.count
            let width = 800 + (index * 7 % 9) * 100  // 800…1600 in steps of 100
            let inset = Double(round % 10) * 0.015  // each round crops a little more off the left and top
            do {
                let crop = try CropRect(x: inset, y: inset / 2, width: 1 - inset, height: 1 - inset / 2)
                let bitmap = try processor.render(original.data, width: width, height: nil,
                                                  edit: ImageEdit(crop: crop, filter: filters[round % filters.count]))
                let data = try Self.webSized(bitmap, quality: 88 + round % 5, processor: processor)
                let number = String(index)
                let name = String(repeating: "0", count: max(0, 4 - number.count)) + number + "-" + original.name + ".jpg"
                return Photo(name: name, data: data, width: bitmap.width)
            } catch {
                throw ScrollBenchError.noRemotePictures(reason: "\(original.name): \(error)")
            }
        }
    }

    /// Typical web sizes: 100–400 KB.
    static let byteRange = 100_000...400_000

    /// `bitmap` as a JPEG at `quality`, lowered step by step while the file is above the web range, raised
    /// once when it is below (a smooth picture upscaled from a small photo).
    private static func webSized(_ bitmap: Bitmap, quality: Int, processor: ImageProcessor) throws(ImagingError) -> Data {
        var quality = quality
        var data = try processor.encode(bitmap, as: .jpeg(quality: quality))
        while data.count > byteRange.upperBound, quality > 30 {
            quality -= 10
            data = try processor.encode(bitmap, as: .jpeg(quality: quality))
        }
        if data.count < byteRange.lowerBound { data = try processor.encode(bitmap, as: .jpeg(quality: 97)) }
        return data
    }

    /// The total size of the pictures in bytes.
    public var totalBytes: Int { photos.reduce(0) { $0 + $1.data.count } }
}
