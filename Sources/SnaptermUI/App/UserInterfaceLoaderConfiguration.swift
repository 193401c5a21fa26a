// UserInterfaceLoaderConfiguration: the memory caps of a terminal UI's one loader — pictures and thumbnails apart.
import Foundation
import SchemeLoader
import Thumbnails

extension SchemeLoaderConfiguration {
    /// A UI's loader: pictures in a memory cache of `AppState.pictureMemoryLimit`, thumbnails in one of their own
    /// of `AppState.thumbnailMemoryLimit` (the pictures they are made from never push them out), on disk in
    /// `diskDirectory`.
    public static func userInterface(diskDirectory: URL?) -> SchemeLoaderConfiguration {
        var configuration = SchemeLoaderConfiguration(diskDirectory: diskDirectory)
        configuration.memoryCostLimit = AppState.pictureMemoryLimit
        configuration.memoryCostLimits = [ThumbnailURL.scheme: AppState.thumbnailMemoryLimit]
        return configuration
    }
}
