// The file handler: files inside the allowed roots load; everything else is a typed error.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct FileHandlerTests {
    /// Below a UI the reads run on a queue off the cooperative pool; for a command, on the calling task.
    @Test(arguments: [nil, WorkerPool.foreground])
    func aFileInsideARootLoadsWithItsType(blockingCalls: WorkerPool?) async throws {
        let root = try TemporaryDirectory()
        let bytes = Data((0..<600_000).map { UInt8($0 % 256) })  // three chunks
        try bytes.write(to: root.appending("pic.png"))
        let loader = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [root.url], blockingCalls: blockingCalls)])
        let result = try await loader.data(for: root.appending("pic.png"))
        #expect(result.data == bytes)
        #expect(result.response.mimeType == "image/png")
        #expect(result.response.storagePolicy == .memoryOnly)
    }

    @Test func pathsOutsideTheRootsAreRefused() async throws {
        let root = try TemporaryDirectory()
        let outside = try TemporaryDirectory()
        try Data("secret".utf8).write(to: outside.appending("secret.txt"))
        try FileManager.default.createSymbolicLink(at: root.appending("link.txt"), withDestinationURL: outside.appending("secret.txt"))
        let loader = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [root.url])])
        for url in [outside.appending("secret.txt"), root.appending("link.txt"),
                    URL(string: "file://\(root.url.path)/../\(outside.url.lastPathComponent)/secret.txt")!] {
            await #expect(throws: LoadError.self) { try await loader.data(for: url) }
            do { _ = try await loader.data(for: url) } catch let error as LoadError {
                guard case .fileOutsideAllowedRoots = error else { Issue.record("wrong error \(error)"); continue }
            }
        }
    }

    @Test func aMissingFileIsNotFound() async throws {
        let root = try TemporaryDirectory()
        let loader = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [root.url])])
        await #expect(throws: LoadError.fileNotFound(path: root.appending("nope.jpg").path)) {
            try await loader.data(for: root.appending("nope.jpg"))
        }
    }

    @Test func aFileOverTheLimitIsRefused() async throws {
        let root = try TemporaryDirectory()
        try Data(count: 2000).write(to: root.appending("big.bin"))
        let loader = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [root.url], maxFileBytes: 1000)])
        await #expect(throws: LoadError.self) { try await loader.data(for: root.appending("big.bin")) }
    }
}
