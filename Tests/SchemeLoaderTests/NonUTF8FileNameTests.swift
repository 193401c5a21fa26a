// File names that are not UTF-8: the file:// URL names exactly the name's bytes (`%FF`), reading the
// URL gives them back, and the file handler opens exactly that file — never its U+FFFD look-alike.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct NonUTF8FileNameTests {
    @Test func givenNamesThatDifferOnlyInBytesWhenMadeURLsThenEachReadsBackAsItsOwnBytes() {
        let folder = RawPath("/tmp/pictures ☕")
        let paths = NonUTF8Names.all.map { folder.appending($0) }
        for path in paths { #expect(RawPath(fileURL: path.fileURL) == path) }
        #expect(Set(paths.map(\.fileURL.absoluteString)).count == 3)
        #expect(paths[0].fileURL.absoluteString == "file:///tmp/pictures%20%E2%98%95/a%FF.jpg")
        #expect(paths[1].fileURL.absoluteString == "file:///tmp/pictures%20%E2%98%95/a%EF%BF%BD.jpg")
        #expect(paths.map { RawPath.display($0.lastComponent) } == ["a\\xFF.jpg", "a\u{FFFD}.jpg", "b\\xFE.jpg"])
        #expect(RawPath(fileURL: URL(string: "file:///x/a%ff.jpg")!)?.bytes == Array("/x/a".utf8) + [0xFF] + Array(".jpg".utf8))
        #expect(RawPath(fileURL: URL(string: "file:///x/a%00.jpg")!) == nil, "an escaped NUL names no file")
    }

    @Test func givenThreeFilesWhoseNamesDifferOnlyInBytesWhenLoadedThenEachGivesItsOwnContent() async throws {
        let root = try TemporaryDirectory()
        let paths = try NonUTF8Names.all.enumerated().map { index, name in try root.write(Data("picture \(index)".utf8), rawName: name) }
        let loader = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [root.url])])
        for (index, path) in paths.enumerated() {
            let loaded = try await loader.data(for: path.fileURL)
            #expect(loaded.data == Data("picture \(index)".utf8), "\(path)")
        }
        await loader.shutdown()
    }
}
