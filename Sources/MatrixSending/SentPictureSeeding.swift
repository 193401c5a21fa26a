// SentPictureSeeding: the sent picture's `mxc://` cache entries made from the local pixels — the whole file and each
// scaled thumbnail size a cell's box snaps to — so that when the event comes back from the server, its picture is
// drawn from the cache at once and the draft's pixels stay on screen.
import Foundation
import Imaging
import SchemeLoader

/// Seeds a loader with a picture just uploaded.
public enum SentPictureSeeding {
    /// Seeds `loader` with `picture` (the JPEG uploaded as `media`): the whole file, and for each scaled thumbnail
    /// size (320×240, 640×480, 800×600) the picture fitted into it (never enlarged) — the URLs a cell of any box asks
    /// for (`MatrixMediaURL.fitting`). Memory and disk: the media is not encrypted. Returns the URLs seeded.
    @discardableResult
    public static func seed(_ loader: SchemeLoader, media: MatrixMediaURL, picture: Data,
                            processor: ImageProcessor = ImageProcessor()) async throws -> [URL] {
        var whole = media
        whole.thumbnail = nil
        try await loader.seed(whole.url, with: picture, mimeType: "image/jpeg")
        var seeded = [whole.url]
        let info = try processor.info(of: picture)
        for size in MatrixThumbnailSize.premade where size.method == .scale {
            let scale = min(1, Double(size.width) / Double(info.width), Double(size.height) / Double(info.height))
            let bytes = scale < 1
                ? try processor.encode(processor.render(picture, width: max(1, Int((Double(info.width) * scale).rounded())),
                                                        height: max(1, Int((Double(info.height) * scale).rounded()))),
                                       as: .jpeg(quality: PreparedPhoto.quality))
                : picture
            var sized = whole
            sized.thumbnail = size
            try await loader.seed(sized.url, with: bytes, mimeType: "image/jpeg")
            seeded.append(sized.url)
        }
        return seeded
    }
}
