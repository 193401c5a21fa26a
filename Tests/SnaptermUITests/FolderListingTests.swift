// A gallery folder lists regular files named like a picture Imaging reads (JPEG … BMP) only, by name with numbers by value, without
// opening any file; a missing folder or a file named as one is a typed error.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SnaptermUI
import TestSupport
import Testing

@Suite struct FolderListingTests {
    @Test func onlyPictureFilesAreListedSortedByNameWithNumbersByValue() throws {
        // Given pictures of every accepted type, other files, a hidden picture, a folder and a FIFO with
        // picture names, and a link to a picture
        let folder = try TemporaryDirectory()
        for name in ["b-10.JPG", "b-2.png", "a.webp", "c.gif", "d.jpeg", "notes.txt", "raw.cr2", ".hidden.jpg", "noext"] {
            try Data("x".utf8).write(to: folder.appending(name))
        }
        try FileManager.default.createDirectory(at: folder.appending("dir.jpg"), withIntermediateDirectories: false)
        #expect(mkfifo(folder.appending("pipe.jpg").path, 0o600) == 0)
        try FileManager.default.createSymbolicLink(at: folder.appending("link.png"), withDestinationURL: folder.appending("a.webp"))

        // When it is listed
        let entries = try PictureFolder(path: folder.url.path).entries()

        // Then only regular picture files (and the link to one) come back, in natural name order
        #expect(entries.map(\.name) == ["a.webp", "b-2.png", "b-10.JPG", "c.gif", "d.jpeg", "link.png"])
        #expect(entries.allSatisfy { $0.size == 1 })
        #expect(entries.first?.url.path == folder.appending("a.webp").path)
    }

    @Test func aMissingFolderOrAFileIsNotAFolder() throws {
        let folder = try TemporaryDirectory()
        try Data("x".utf8).write(to: folder.appending("file.jpg"))
        for path in [folder.appending("missing").path, folder.appending("file.jpg").path] {
            #expect {
                _ = try PictureFolder(path: path)
            } throws: { error in
                guard case UIError.notAFolder(let named, _) = error else { return false }
                return named == path
            }
        }
    }
}
