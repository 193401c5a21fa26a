// A folder whose picture names are not UTF-8: the gallery lists every file once, under a name that
// shows the odd bytes, and each thumbnail is made from its own file.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing
import Thumbnails

@MainActor
@Suite struct NonUTF8FolderTests {
    private static let photos = ["coffee.jpg", "astronaut.jpg", "ladybird.jpg"].map {
        CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/\($0)")
    }

    @Test func givenNamesThatDifferOnlyInBytesWhenTheGalleryOpensThenEachIsListedOnceWithItsOwnPicture() async throws {
        // Given a\xff.jpg, a\u{FFFD}.jpg and b\xfe.jpg, three different photos, and ASCII-named copies of them
        let folder = try TemporaryDirectory(prefix: "snapterm-gallery")
        for (name, photo) in zip(NonUTF8Names.all, Self.photos) { try folder.write(try Data(contentsOf: photo), rawName: name) }
        let copies = try TemporaryDirectory()
        for (index, photo) in Self.photos.enumerated() { try FileManager.default.copyItem(at: photo, to: copies.appending("\(index).jpg")) }
        let thumbnails = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [folder.url, copies.url]), ThumbnailSchemeHandler()])
        let files = thumbnails  // one loader: the files and their thumbnails
        defer { Task { await thumbnails.shutdown() } }

        // When the folder is listed as a gallery
        let box = ThumbnailBox(columns: 18, rows: 6, mode: .symbols, colors: .truecolor)
        let screen = GalleryScreen(pictures: try PictureFolder(path: folder.url.path), loader: thumbnails, box: box,
                                   viewerBox: ThumbnailBox(columns: 1, rows: 1, mode: .symbols, colors: .truecolor))
        screen.layout(in: FolderFixtures.area)

        // Then all three are listed, each name showing its bytes, each URL naming its own file
        #expect(screen.entries.map(\.name) == ["a\\xFF.jpg", "a\u{FFFD}.jpg", "b\\xFE.jpg"])
        #expect(Set(screen.entries.map(\.url)).count == 3)
        // (a file named on the command line or in a list shows the same name)
        #expect(screen.entries.map { GalleryEntry.displayName(of: $0.url) } == screen.entries.map(\.name))
        // And each thumbnail is the thumbnail of its own photo
        for (index, entry) in screen.entries.enumerated() {
            let own = try await thumbnails.data(for: ThumbnailURL(source: entry.url, box: box).url).data
            let reference = try await thumbnails.data(for: ThumbnailURL(source: copies.appending("\(index).jpg"), box: box).url).data
            #expect(own == reference, "\(entry.name) is not the thumbnail of \(Self.photos[index].lastPathComponent)")
            #expect(try await files.data(for: entry.url).data == Data(contentsOf: Self.photos[index]))
        }
        let canvas = MemoryCanvas(rows: 24, columns: 80)
        _ = screen.draw(on: canvas, area: FolderFixtures.area, options: DrawOptions())
        #expect(canvas.lines.joined().contains("a\\xFF.jpg"))
    }
}
