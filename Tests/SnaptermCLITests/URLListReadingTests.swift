// Reading a list file: relative paths are relative to the list's folder (the current folder for `-`,
// standard input); a list that cannot be read is a typed error naming the cause.
import Foundation
@testable import snapterm
import TestSupport
import Testing

@Suite struct URLListReadingTests {
    @Test func relativePathsAreRelativeToTheListFilesFolder() throws {
        // Given a list in a sub-folder naming a picture beside it and one a level up
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.appending("lists"), withIntermediateDirectories: true)
        try Data("a.jpg\n../b.png\n".utf8).write(to: folder.appending("lists/pics.txt"))
        // When it is read by a relative name from its parent folder
        let list = try URLList.read("lists/pics.txt", currentDirectory: folder.url.path)
        // Then the paths are under the list's folder
        #expect(list.lines.map(\.source) == [.path(folder.appending("lists/a.jpg").standardizedFileURL),
                                             .path(folder.appending("b.png").standardizedFileURL)])
    }

    @Test func aListOnStandardInputIsReadToItsEndRelativeToTheCurrentFolder() throws {
        // Given a list written into a pipe and closed
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("# from find\nhttps://example.com/x.jpg\nc.jpg\n".utf8))
        try pipe.fileHandleForWriting.close()
        // When `-` is read
        let list = try URLList.read("-", standardInput: pipe.fileHandleForReading.fileDescriptor, currentDirectory: "/work")
        // Then both pictures are there; the path is under the current folder
        #expect(list.lines.map(\.source) == [.url(URL(string: "https://example.com/x.jpg")!), .path(URL(fileURLWithPath: "/work/c.jpg"))])
        #expect(list.lines.map(\.number) == [2, 3])
    }

    @Test func aMissingListAFolderOrATooLargeListIsRefusedNamingTheCause() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: URLListError.unreadable(list: "nope.txt", reason: "No such file or directory")) {
            try URLList.read("nope.txt", currentDirectory: folder.url.path)
        }
        #expect(throws: URLListError.unreadable(list: folder.url.path, reason: "it is a folder")) {
            try URLList.read(folder.url.path)
        }
        let huge = folder.appending("huge.txt")
        try Data(count: URLList.maximumBytes + 1).write(to: huge)
        #expect(throws: URLListError.tooLarge(list: huge.path, limit: URLList.maximumBytes)) { try URLList.read(huge.path) }
    }
}
