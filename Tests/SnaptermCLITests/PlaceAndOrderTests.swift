// `snapterm render --place COLxROW A B …`: pictures drawn at a cell without moving the cursor, rendered at once, printed in order.
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct PlaceAndOrderTests {
    private let photos = ["coffee.jpg", "astronaut.jpg", "grace-hopper.jpg"].map {
        CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/\($0)").path
    }

    private func environment(_ folder: TemporaryDirectory) -> [String: String] {
        ["XDG_CACHE_HOME": folder.appending("cache").path, "TERM": "xterm-256color"]
    }

    private func render(_ arguments: [String], _ folder: TemporaryDirectory) async throws -> CommandOutput {
        try await OffPool.run {
            try CommandRunner.run(["render", "--cols", "16", "--rows", "4"] + arguments, environment: environment(folder))
        }
    }

    @Test func severalPicturesComeOutInTheOrderGiven() async throws {
        // Given three pictures, each rendered alone
        let folder = try TemporaryDirectory()
        var alone = Data()
        for photo in photos { alone += try await render(["--format", "ascii", photo], folder).stdout }
        // When they are rendered in one call (concurrently, with a bad one in the middle)
        let together = try await render(["--format", "ascii", photos[0], "/nonexistent.png", photos[1], photos[2]], folder)
        // Then the output is the three pictures in order, and one error line names the bad one
        #expect(together.stdout == alone)
        #expect(together.status != 0)
        #expect(together.stderr.split(separator: "\n").count == 1 && together.stderr.contains("/nonexistent.png"))
    }

    @Test func placedTextArtMovesToEachRowAndPutsTheCursorBack() async throws {
        let folder = try TemporaryDirectory()
        let output = try await render(["--format", "ascii", "--place", "40x2", photos[0]], folder)
        #expect(output.status == 0, "\(output.stderr)")
        let text = String(decoding: output.stdout, as: UTF8.self)
        // Save the cursor, go to row 3 column 41 (one-based), each further line one row down, then restore; no newline
        #expect(text.hasPrefix("\u{1B}7\u{1B}[3;41H"))
        #expect(text.contains("\u{1B}[4;41H"))
        #expect(text.hasSuffix("\u{1B}8"))
        #expect(!text.contains("\n"))
    }

    @Test func aPlacedSixelIsWrappedInCursorSaveAndRestoreAndCentredInItsBox() async throws {
        let folder = try TemporaryDirectory()
        let output = try await render(["--format", "sixel", "--cell-size", "8x16", "--place", "0x5", photos[0]], folder)
        #expect(output.status == 0, "\(output.stderr)")
        // The 3:2 photo in 16×4 cells of 8×16 is 96×60 pixels, 12×4 cells: two columns in from the box's left, as kitty
        #expect(output.stdout.starts(with: Data("\u{1B}7\u{1B}[6;3H\u{1B}P".utf8)),
                "\(String(decoding: output.stdout.prefix(40), as: UTF8.self).debugDescription)")
        #expect(output.stdout.suffix(2) == Data("\u{1B}8".utf8))
    }

    @Test func aPlacedKittyPictureIsCentredInItsBox() async throws {
        let folder = try TemporaryDirectory()
        let output = try await render(["--format", "kitty", "--cell-size", "8x16", "--place", "0x5", photos[0]], folder)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.starts(with: Data("\u{1B}7\u{1B}[6;3H".utf8)),
                "\(String(decoding: output.stdout.prefix(40), as: UTF8.self).debugDescription)")
    }

    @Test(arguments: ["40", "-1x2", "axb", "3x4x5"])
    func aBadPlaceIsRefusedBeforeAnythingIsDrawn(place: String) async throws {
        let folder = try TemporaryDirectory()
        let output = try await render(["--format", "ascii", "--place", place, photos[0]], folder)
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("--place"))
    }
}
