// The folder list: the folder gallery grid of a real folder of pictures, decoded and encoded by the real thumbnail
// stage, as `snapterm DIR` shows it.
import Foundation
import SchemeLoader
import ScrollBench
import SnaptermUI
import TestSupport
import Testing
import Thumbnails

@MainActor
@Suite(.serialized) struct ScrollBenchFolderTests {
    /// A folder of 120 pictures (30 grid rows): the shipped photos, copied under names of their own.
    private static func folder() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory(prefix: "snapterm-bench-folder")
        let photos = ["coffee.jpg", "rocket.jpg", "astronaut.jpg", "ladybird.jpg"].map {
            CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/\($0)")
        }
        for index in 0..<120 {
            try FileManager.default.copyItem(at: photos[index % photos.count],
                                             to: folder.appending(String(format: "photo-%03d.jpg", index)))
        }
        return folder
    }

    private static func benchmark(_ folder: URL) -> ScrollBenchmark {
        let benchmark = ScrollBenchmark(setup: ScrollBenchFixtures.setup) { directory in
            let loader = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [folder]), ThumbnailSchemeHandler(encoder: ThumbnailEncoder())],
                                          configuration: .userInterface(diskDirectory: directory.appendingPathComponent("cache")))
            return AppState(loader: loader, graphics: .symbols, cellSize: (8, 16), places: [])
        }
        benchmark.folder = folder
        return benchmark
    }

    @Test func aColdFolderGridLoadsItsPicturesAndAWarmOneLoadsNothing() async throws {
        // Given a folder of 120 photos
        let folder = try Self.folder()
        let benchmark = Self.benchmark(folder.url)
        // When its gallery grid scrolls 12 grid rows down at 10 grid rows/s, cold, then warm in memory
        let script = ScrollScript(pattern: .down, rows: 12, rowsPerSecond: 10)
        let cold = try await benchmark.run(mode: .cold, script: script, list: .folder)
        let warm = try await benchmark.run(mode: .warmMemory, script: script, list: .folder)
        // Then the cold run decoded pictures of the folder (beyond what loaded before the scroll began) and drew
        // several per key frame
        #expect(cold.list == .folder)
        #expect(cold.loads >= 4)
        #expect(cold.imageCellFrames >= 12 * 4)
        // and the warm one showed every picture from memory: no blank box, no load
        #expect(warm.whiteSpotFrames == 0)
        #expect(warm.loads == 0)
    }

    @Test func aFolderListWithoutAFolderIsATypedError() async throws {
        let benchmark = ScrollBenchmark(setup: ScrollBenchFixtures.setup) { _ in
            try ScrollBenchFixtures.state(thumbnails: MockSchemeHandler(scheme: "thumb"), diskDirectory: nil)
        }
        await #expect {
            _ = try await benchmark.run(mode: .cold, script: ScrollScript(pattern: .down, rows: 2, rowsPerSecond: nil), list: .folder)
        } throws: { error in
            guard case ScrollBenchError.noFolder? = error as? ScrollBenchError else { return false }
            return "\(error)".contains("--folder")
        }
    }
}
