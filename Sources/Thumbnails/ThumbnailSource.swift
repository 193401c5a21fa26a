// ThumbnailSource: the cheapest source a thumbnail can ask for — a photo rendered at the box's size, an
// `mxc://` picture as the server's pre-made thumbnail that holds the box.
import Foundation
import SchemeLoader

/// Chooses the source URL a thumbnail encodes from.
///
/// An `asset://` attachment is stored at its full size (1280 px wide): decoding and encoding that
/// render is the costly part of a conversation row. A thumbnail only needs the box, so it asks the
/// asset handler for the same photo, with the same edits, rendered no larger than the box — the
/// handler shrinks on load. The thumbnail ends up the size it would have had from the large render
/// (the same aspect, fitted into the same box); only the work behind it is smaller. The attachment
/// URL itself (what is sent and stored) is untouched.
public enum ThumbnailSource {
    /// `picture`, or for an `asset://` URL whose render is larger than `box`, the same photo rendered
    /// to fit the box. Other schemes, and renders already no larger than the box, are returned as is.
    public static func boxSized(_ picture: URL, for box: ThumbnailBox) -> URL {
        guard var asset = try? AssetURL(url: picture) else { return picture }
        let (boxWidth, boxHeight) = box.pixelSize
        guard boxWidth > 0, boxHeight > 0 else { return picture }
        switch asset.mode {
        case .fit:
            // Fit keeps the photo's aspect: a render at least as large as the box on both sides
            // fitted into the box is the photo fitted into the box.
            guard (asset.width ?? Int.max) > boxWidth || (asset.height ?? Int.max) > boxHeight,
                  (asset.width ?? Int.max) >= boxWidth, (asset.height ?? Int.max) >= boxHeight else { return picture }
            asset.width = boxWidth
            asset.height = boxHeight
        case .fill:
            // Fill makes a picture of exactly width × height: scale both, keeping that aspect.
            guard let width = asset.width, let height = asset.height else { return picture }
            let scale = min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height))
            guard scale < 1 else { return picture }
            asset.width = max(1, Int((Double(width) * scale).rounded()))
            asset.height = max(1, Int((Double(height) * scale).rounded()))
        }
        return asset.url
    }

    /// What the thumbnail stage loads for `thumbnail`: for a whole `mxc://` picture, the server's own scaled
    /// thumbnail that holds the box (`MatrixMediaURL.fitting`), not the full file; anything else as it is. An
    /// animated thumbnail or a preview from the EXIF thumbnail needs the file itself, and an `mxc://` source that
    /// already names a thumbnail size is the caller's choice.
    public static func loaded(for thumbnail: ThumbnailURL) -> URL {
        guard !thumbnail.animated, !thumbnail.fromEmbeddedThumbnail,
              let media = try? MatrixMediaURL(url: thumbnail.source), media.thumbnail == nil else { return thumbnail.source }
        let (width, height) = thumbnail.box.pixelSize
        guard width > 0, height > 0 else { return thumbnail.source }
        return media.fitting(width: width, height: height).url
    }

    /// Whether a failed load of the server-sized source (`loaded(for:)`) is worth trying again as the whole file:
    /// not when it was cancelled or the server could not be reached (the file would fail alike, after another
    /// wait); yes when the server answered that it has no such thumbnail (a file it cannot scale).
    public static func mayFallBack(after error: any Error) -> Bool {
        if error is CancellationError { return false }
        switch error as? LoadError {
        case .network?, .timedOut?, .offline?: return false
        default: return true
        }
    }
}
