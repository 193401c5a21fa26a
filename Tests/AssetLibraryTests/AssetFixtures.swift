// AssetFixtures: the shipped gallery, loaders with the `asset` handler, and ids the tests use.
import AssetLibrary
import Foundation
import SchemeLoader
import TestSupport

enum AssetFixtures {
    static let shipped = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos")
    /// coffee.jpg, 600×400.
    static let coffee = "p-80c68192"
    /// chelsea-exif-orientation-6.jpg: stored 300×451, upright 451×300.
    static let chelsea = "p-9c4478dc"

    /// A loader whose only handler is `asset` over the shipped photos (and `userFolder`).
    static func loader(disk: URL? = nil, userFolder: URL? = nil) throws -> SchemeLoader {
        let library = try AssetLibrary(shippedFolder: shipped, userFolder: userFolder)
        return try SchemeLoader(handlers: [AssetSchemeHandler(library: library)],
                                configuration: SchemeLoaderConfiguration(diskDirectory: disk))
    }

    static func url(_ text: String) -> URL {
        URL(string: text)!
    }
}
