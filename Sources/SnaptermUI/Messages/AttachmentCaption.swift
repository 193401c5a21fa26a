// AttachmentCaption: one line naming what an attachment is — a photo with its edits, a map, a file.
import Foundation
import SchemeLoader

/// Names an attachment URL for the line beside its picture: `photo · rotated 90° · cropped · mono · original size`,
/// `map 60.17, 24.94`, `file grace.jpg`. Only parsed fields are shown, never raw URL text.
enum AttachmentCaption {
    /// The caption of `url`; a photo sent at its `original` size says so (`photo · original size`).
    static func of(_ url: URL, original: Bool = false) -> String {
        if let asset = try? AssetURL(url: url) { return photo(asset) + (original ? " · original size" : "") }
        if let map = try? MapSnapshotURL(url: url) {
            return String(format: "map %.2f, %.2f", map.latitude, map.longitude)
        }
        if url.isFileURL { return "file " + url.lastPathComponent }
        return "picture from " + (url.host ?? url.scheme ?? "?")
    }

    /// `photo · rotated 90° · cropped · mono` (only the edits made).
    static func photo(_ asset: AssetURL) -> String {
        var parts = ["photo"]
        if asset.rotate != 0 { parts.append("rotated \(asset.rotate)°") }
        if asset.crop != .full { parts.append("cropped") }
        if asset.filter != .none { parts.append(asset.filter.rawValue) }
        return parts.joined(separator: " · ")
    }
}
