// The file handler's named files: a file the user named loads wherever it is; its neighbours do not.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct NamedFileTests {
    @Test func aNamedFileLoadsOutsideTheRootsButItsNeighboursAndLinksToThemDoNot() async throws {
        // Given an allowed root and, elsewhere, a named file beside one that was not named
        let root = try TemporaryDirectory()
        let elsewhere = try TemporaryDirectory()
        try Data("named".utf8).write(to: elsewhere.appending("named.txt"))
        try Data("secret".utf8).write(to: elsewhere.appending("secret.txt"))
        try FileManager.default.createSymbolicLink(at: root.appending("link.txt"), withDestinationURL: elsewhere.appending("secret.txt"))
        let loader = try SchemeLoader(handlers: [
            FileSchemeHandler(allowedRoots: [root.url], namedFiles: [elsewhere.appending("named.txt")])])
        // When the named file is loaded, it is read
        #expect(try await loader.data(for: elsewhere.appending("named.txt")).data == Data("named".utf8))
        // Then its neighbour, directly or through a link inside the root, is still refused
        for url in [elsewhere.appending("secret.txt"), root.appending("link.txt")] {
            await #expect(throws: LoadError.fileOutsideAllowedRoots(path: url.path)) { try await loader.data(for: url) }
        }
    }
}
