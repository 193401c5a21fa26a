// FolderFixtures: a folder of picture files and a gallery screen over it for headless tests.
import Foundation
import SchemeLoader
import SnaptermUI
import TerminalGraphics
import TestSupport
import Thumbnails

@MainActor
enum FolderFixtures {
    static let art = TerminalPicture.text([Data("ART".utf8), Data("ART".utf8)])
    static let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg")

    /// A folder with `count` pictures named `photo-1.jpg` … (copies of a real JPEG).
    static func folder(count: Int) throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory(prefix: "snapterm-gallery")
        let bytes = try Data(contentsOf: photo)
        for index in 1...max(1, count) where index <= count {
            try bytes.write(to: folder.appending("photo-\(index).jpg"))
        }
        return folder
    }

    /// A gallery over `folder` whose thumbnails come from a mock `thumb` handler (text art), laid out
    /// in an 80×22 area: 18×6 thumbnails, 4 to a grid row, 3 grid rows.
    static func gallery(_ folder: TemporaryDirectory, thumbnails: MockSchemeHandler = MockSchemeHandler(scheme: "thumb"))
        throws -> GalleryScreen {
        try gallery(folder, loader: thumbnailLoader(thumbnails))
    }

    /// A loader of text-art thumbnails from `thumbnails`, as `gallery(_:thumbnails:)` makes.
    static func thumbnailLoader(_ thumbnails: MockSchemeHandler) throws -> SchemeLoader {
        thumbnails.stubAll(with: MockResponse(data: art.encoded))
        return try SchemeLoader(handlers: [thumbnails])
    }

    /// A gallery over `folder` whose thumbnails come from `loader`, laid out like `gallery(_:thumbnails:)`.
    static func gallery(_ folder: TemporaryDirectory, loader: SchemeLoader) throws -> GalleryScreen {
        let screen = GalleryScreen(pictures: try PictureFolder(path: folder.url.path), loader: loader,
                                   box: ThumbnailBox(columns: 18, rows: 6, mode: .symbols),
                                   viewerBox: ThumbnailBox(columns: 1, rows: 1, mode: .symbols))
        screen.layout(in: area)
        return screen
    }

    /// A gallery over `folder` through the real loaders (`file` inside the folder, `thumb` on it), in
    /// truecolor text art, laid out like `gallery(_:)`; `shutdown` ends the loader.
    static func realGallery(_ folder: TemporaryDirectory) throws -> (screen: GalleryScreen, shutdown: @Sendable () async -> Void) {
        let thumbnails = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [folder.url]), ThumbnailSchemeHandler()])
        let screen = GalleryScreen(pictures: try PictureFolder(path: folder.url.path), loader: thumbnails,
                                   box: ThumbnailBox(columns: 18, rows: 6, mode: .symbols, colors: .truecolor),
                                   viewerBox: ThumbnailBox(columns: 1, rows: 1, mode: .symbols, colors: .truecolor))
        screen.layout(in: area)
        return (screen, { await thumbnails.shutdown() })
    }

    static let area = CellRect(row: 1, column: 0, rows: 22, columns: 80)
}
