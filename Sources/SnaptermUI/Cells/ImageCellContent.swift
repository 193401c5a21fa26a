// ImageCellContent: what an image cell shows at a given moment.
import Foundation
import SchemeLoader

/// The state of an image cell, which decides what is drawn in its box.
public enum ImageCellContent: Sendable, Equatable {
    /// No URL bound.
    case empty
    /// Loading; `fraction` in 0…1 when the expected size is known.
    case placeholder(fraction: Double?)
    /// A cheap stand-in for the picture (e.g. text art of the same source) while the full one loads.
    case preview(data: Data)
    /// The picture: the rendered bytes and where they came from.
    case image(data: Data, source: LoadSource)
    /// The load failed; a short reason to show in the cell.
    case failed(reason: String)

    /// True while the cell shows a placeholder instead of a picture (a "white spot").
    public var isPlaceholder: Bool {
        if case .placeholder = self { return true }
        return false
    }

    /// True while the cell shows a preview (neither a white spot nor the full picture).
    public var isPreview: Bool {
        if case .preview = self { return true }
        return false
    }
}
