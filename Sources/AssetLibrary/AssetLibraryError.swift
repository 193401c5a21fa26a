// AssetLibraryError: why a gallery photo could not be found or read.
import Foundation

/// Why the photo library failed.
public enum AssetLibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No photo has this id (ids are opaque: a path is never an id).
    case unknownAsset(id: String)
    /// The manifest is missing or malformed.
    case badManifest(path: String, reason: String)
    /// A photo folder could not be read.
    case unreadableFolder(path: String)

    public var description: String {
        switch self {
        case .unknownAsset(let id): "no photo with id '\(id)' in the library"
        case .badManifest(let path, let reason): "the photo manifest \(path) cannot be read: \(reason)"
        case .unreadableFolder(let path): "the photo folder \(path) cannot be read"
        }
    }
}
