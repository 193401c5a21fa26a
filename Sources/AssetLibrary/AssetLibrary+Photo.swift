// AssetLibrary+Photo: a photo's bytes and an `asset://` URL's edits — what the `asset` handler draws and what a
// send uploads (the edited pixels, not the file as it lies on disk).
import Foundation
import Imaging
import SchemeLoader

extension AssetLibrary {
    /// The largest photo file read by default: 64 MiB.
    public static let defaultMaxFileBytes = 64 << 20

    /// Reads the file of photo `id`: a regular file only (a FIFO or device in the user's folder is refused at open,
    /// never read), at most `maxBytes`.
    public func photoData(id: String, maxBytes: Int = defaultMaxFileBytes) throws(AssetLibraryError) -> Data {
        let file = try fileURL(id: id)
        do throws(LoadError) {
            // Links are resolved first (a user's folder may hold them); the file itself must be regular.
            let path = file.resolvingSymlinksInPath().path
            return try RegularFile(path: path, maxBytes: maxBytes).readAll(maxBytes: maxBytes)
        } catch .bodyTooLarge {
            throw .unreadablePhoto(id: id, reason: "more than the \(maxBytes)-byte limit")
        } catch {
            throw .unreadablePhoto(id: id, reason: "\(file.lastPathComponent): \(error)")
        }
    }

    /// The photo an `asset://` URL names and its edits (crop, rotation, filter); the URL's size is left out, so the
    /// caller picks the resolution (a send: at most 2048 px on the long side). `processor` reads the photo's size where
    /// an edit depends on it (a centre-square crop).
    public func editedPhoto(_ url: URL, maxBytes: Int = defaultMaxFileBytes,
                            processor: ImageProcessor = ImageProcessor()) throws -> (data: Data, edit: ImageEdit) {
        let asset = try AssetURL(url: url)
        let data = try photoData(id: asset.id, maxBytes: maxBytes)
        do throws(ImagingError) {
            return (data, try asset.edit(of: data, processor: processor))
        } catch {
            throw AssetLibraryError.imaging(id: asset.id, error)
        }
    }
}
