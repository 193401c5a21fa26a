// AssetLibrary: the local photo gallery — the shipped photos (manifest) plus a user's own folder.
import Foundation
import Imaging
import SchemeLoader

/// The photos `asset://` URLs can name. Lookups go by opaque id through a table built when the
/// library opens, so no id — `../../etc/passwd` included — can reach a file outside the library.
public struct AssetLibrary: Sendable {
    /// Every photo, shipped ones first, in manifest then name order.
    public let assets: [Asset]
    private let files: [String: URL]

    /// Opens the shipped gallery (`manifest.json` in `folder`) and, optionally, a user's folder whose
    /// pictures get ids derived from their relative paths (stable across runs, but not paths themselves).
    public init(shippedFolder: URL, userFolder: URL? = nil) throws(AssetLibraryError) {
        var assets = try Self.manifest(in: shippedFolder)
        var files = Dictionary(uniqueKeysWithValues: assets.map { ($0.id, shippedFolder.appendingPathComponent($0.file)) })
        if let userFolder {
            for (asset, url) in try Self.scan(userFolder) where files[asset.id] == nil {
                assets.append(asset)
                files[asset.id] = url
            }
        }
        self.assets = assets
        self.files = files
    }

    /// The asset with `id`.
    public func asset(id: String) throws(AssetLibraryError) -> Asset {
        guard let asset = assets.first(where: { $0.id == id }) else { throw .unknownAsset(id: id) }
        return asset
    }

    /// The file of the asset with `id`.
    public func fileURL(id: String) throws(AssetLibraryError) -> URL {
        guard let url = files[id] else { throw .unknownAsset(id: id) }
        return url
    }

    /// The id a user's picture at `relativePath` gets: `u-` and 12 hex digits of a hash of the path.
    public static func userAssetID(relativePath: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in relativePath.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let hex = String(hash, radix: 16)
        return "u-" + String((String(repeating: "0", count: 16 - hex.count) + hex).prefix(12))
    }

    static let pictureExtensions = ImageFormat.pictureFileExtensions

    private static func manifest(in folder: URL) throws(AssetLibraryError) -> [Asset] {
        let path = folder.appendingPathComponent("manifest.json")
        do {
            let assets = try JSONDecoder().decode([Asset].self, from: Data(contentsOf: path))
            for asset in assets where asset.file.contains("/") || asset.file.hasPrefix(".") {
                throw AssetLibraryError.badManifest(path: path.path, reason: "file name '\(asset.file)' is not a plain name")
            }
            return assets
        } catch let error as AssetLibraryError {
            throw error
        } catch {
            throw .badManifest(path: path.path, reason: "\(error)")
        }
    }

    private static func scan(_ folder: URL) throws(AssetLibraryError) -> [(Asset, URL)] {
        guard let walker = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else {
            throw .unreadableFolder(path: folder.path)
        }
        let root = folder.standardizedFileURL.path
        var found: [(Asset, URL)] = []
        for case let url as URL in walker where pictureExtensions.contains(url.pathExtension.lowercased()) {
            // FIFOs, sockets and devices named like pictures are not photos (reading one would hang).
            guard RegularFile.isRegular(path: url.path) else { continue }
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(root + "/") else { continue }
            let relative = String(full.dropFirst(root.count + 1))
            let asset = Asset(id: userAssetID(relativePath: relative), file: relative,
                              title: url.deletingPathExtension().lastPathComponent)
            found.append((asset, url))
        }
        return found.sorted { $0.0.file < $1.0.file }
    }
}
