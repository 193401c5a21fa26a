// AssetLibraryError: why a gallery photo could not be found, read or rendered.
import Foundation
import Imaging

/// Why the photo library or the `asset` handler failed.
public enum AssetLibraryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No photo has this id (ids are opaque: a path is never an id).
    case unknownAsset(id: String)
    /// The manifest is missing or malformed.
    case badManifest(path: String, reason: String)
    /// A photo folder could not be read.
    case unreadableFolder(path: String)
    /// The photo's file is missing, unreadable or larger than the limit.
    case unreadablePhoto(id: String, reason: String)
    /// The photo's bytes could not be decoded, or the edit could not be applied.
    case imaging(id: String, ImagingError)
    /// None of the `searched` folders holds Snapterm's data; `variable` when an override named the only one.
    case noDataFolder(searched: [String], variable: String?)

    /// A one-line message naming the cause, for a user.
    public var description: String {
        switch self {
        case .unknownAsset(let id): "unknown asset id=\(id): no photo with this id in the library"
        case .badManifest(let path, let reason): "the photo manifest \(path) cannot be read: \(reason)"
        case .unreadableFolder(let path): "the photo folder \(path) cannot be read"
        case .unreadablePhoto(let id, let reason): "the photo id=\(id) cannot be read: \(reason)"
        case .imaging(let id, let error): "the photo id=\(id) cannot be shown: \(error)"
        case .noDataFolder(let searched, .some(let variable)):
            "Snapterm's data (\(DataFolder.marker)) is not in \(searched.joined()), which \(variable) names: set it to the folder holding maps/ and photos/, or unset it"
        case .noDataFolder(let searched, nil) where searched.isEmpty:
            "Snapterm's data (\(DataFolder.marker)) cannot be looked for beside the program, whose path is unknown: set \(DataFolder.variable) to the folder holding maps/ and photos/"
        case .noDataFolder(let searched, nil):
            "Snapterm's data (\(DataFolder.marker)) is in none of \(searched.joined(separator: ", ")): install it to PREFIX/share/snapterm beside PREFIX/bin/snapterm, or set \(DataFolder.variable) to the folder holding maps/ and photos/"
        }
    }
}
