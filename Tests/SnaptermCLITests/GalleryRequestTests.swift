// What `snapterm OPERAND… [--list FILE]` opens: one folder alone is the folder gallery (listed on every
// visit); otherwise folders add their pictures, files and URLs one each, operands first, then the list.
import Foundation
import SnaptermUI
@testable import snapterm
import TestSupport
import Testing

@Suite struct GalleryRequestTests {
    private func layout() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.appending("album"), withIntermediateDirectories: true)
        for name in ["album/2.jpg", "album/10.jpg", "loose.png"] { try Data("x".utf8).write(to: folder.appending(name)) }
        return folder
    }

    @Test func aSingleFolderIsTheFolderGallery() throws {
        let folder = try layout()
        let request = try #require(try GalleryRequest.resolve(operands: ["album"], list: nil, currentDirectory: folder.url.path).request)
        #expect(request.pictures is PictureFolder)
        #expect(request.namedFolders.map(\.lastPathComponent) == ["album"])
    }

    @Test func mixedOperandsAndAListBecomeOneFixedGalleryInOrder() throws {
        // Given a URL, a folder and a file as operands, and a list naming a missing file and a URL
        let folder = try layout()
        let list = URLList.parse(Data("gone.jpg\nasset://?id=p-1\n".utf8), list: "l.txt", folder: folder.url.path)
        // When they are resolved
        let (request, problems) = try GalleryRequest.resolve(operands: ["https://example.com/a.jpg", "album", "loose.png"], list: list,
                                                             listName: "l.txt", currentDirectory: folder.url.path)
        // Then every picture is there in order (the folder's by name), and the files may be read
        let pictures = try #require(request?.pictures as? PictureList)
        #expect(problems.isEmpty)
        #expect(pictures.entries.map(\.name) == ["a.jpg", "2.jpg", "10.jpg", "loose.png", "gone.jpg", "asset://?id=p-1"])
        #expect(request?.namedFiles.map(\.lastPathComponent) == ["loose.png", "gone.jpg"])
        #expect(request?.namedFolders.map(\.lastPathComponent) == ["album"])
    }

    @Test func aMissingOperandAnUnreadableURLOrNothingToShowIsRefused() throws {
        let folder = try layout()
        let missing = #expect(throws: UIError.self) {
            try GalleryRequest.resolve(operands: ["loose.png", "nope.jpg"], list: nil, currentDirectory: folder.url.path)
        }
        #expect(missing.map { "\($0)" } == "nope.jpg: No such file or directory")
        let ftp = #expect(throws: UIError.self) {
            try GalleryRequest.resolve(operands: ["loose.png", "ftp://example.com/a.jpg"], list: nil, currentDirectory: folder.url.path)
        }
        #expect(ftp.map { "\($0)" } == "ftp://example.com/a.jpg: unsupported scheme 'ftp' (use http, https, file, asset, map or a path)")
        let empty = URLList.parse(Data("# nothing\n".utf8), list: "l.txt", folder: folder.url.path)
        #expect(throws: UIError.self) { try GalleryRequest.resolve(operands: [], list: empty, listName: "l.txt") }
        #expect(try GalleryRequest.resolve(operands: [], list: nil).request == nil)
    }
}
