// End to end in tmux (text art): an animated GIF plays in the gallery's full-screen view — its frames change on the
// screen over time — and stops when the view closes (the grid shows its first frame, still); --no-animate shows
// one frame in the full-screen view too.
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct GalleryAnimationEndToEndTests {
    /// A gallery folder holding the 3-frame GIF (red, green, blue).
    private func folder(in fixture: E2EFixture) throws -> URL {
        let pictures = fixture.folder.appending("animations")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let gif = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/three-frames-16x16.gif")
        try Data(contentsOf: gif).write(to: pictures.appendingPathComponent("spinner.gif"))
        return pictures
    }

    /// The grid with its thumbnail drawn (the app reads keys by then).
    private func waitForGrid(_ fixture: E2EFixture) async throws {
        try await fixture.tmux.waitFor { $0.contains { $0.contains("▶ spinner.gif") } && $0.contains { $0.contains("blank 0/1") } }
    }

    /// The full-screen view (its caption names the arrow keys) with its picture drawn.
    private func waitForLargeView(_ fixture: E2EFixture) async throws {
        try await fixture.tmux.waitFor { $0.contains { $0.contains("1 of 1 · spinner.gif") && $0.contains("←/→") } && $0.contains { $0.contains("blank 0/1") } }
    }

    /// The picture's rows as drawn (colours included): every row above the caption.
    private func picture(_ fixture: E2EFixture) async throws -> String {
        let rows = try await fixture.tmux.screenWithAttributes()
        let caption = rows.firstIndex { $0.contains("1 of 1") } ?? rows.count
        return rows.prefix(caption).joined(separator: "\n")
    }

    /// The screen with colours, less the status line (its counters move on their own).
    private func gridRows(_ fixture: E2EFixture) async throws -> [String] {
        try await fixture.tmux.screenWithAttributes().filter { !$0.contains("blank ") }
    }

    /// Waits until `count` different pictures have been seen, or the timeout; returns how many were.
    private func distinctPictures(_ fixture: E2EFixture, count: Int, timeout: Duration) async throws -> Int {
        var seen = Set<String>()
        let deadline = ContinuousClock.now + timeout
        while seen.count < count, ContinuousClock.now < deadline {
            seen.insert(try await picture(fixture))
            try await Task.sleep(for: .milliseconds(30))
        }
        return seen.count
    }

    /// How many different grids (`gridRows`) are seen while watching the screen for `duration`: an animation
    /// that plays shows more than one, whatever the machine's speed.
    private func distinctScreens(_ fixture: E2EFixture, during duration: Duration) async throws -> Int {
        var seen = Set<[String]>()
        let deadline = ContinuousClock.now + duration
        repeat {
            seen.insert(try await gridRows(fixture))
            try await Task.sleep(for: .milliseconds(30))
        } while ContinuousClock.now < deadline
        return seen.count
    }

    /// Starts the app on a gallery of the GIF with `flags` and opens the picture large.
    private func openLarge(_ flags: String) async throws -> E2EFixture {
        let fixture = try E2EFixture()
        let pictures = try folder(in: fixture)
        try await fixture.start("--graphics symbols \(flags) '\(pictures.path)'")
        try await waitForGrid(fixture)
        try await fixture.tmux.send("Enter")
        try await waitForLargeView(fixture)
        return fixture
    }

    @Test func givenAnAnimatedGIFWhenViewedLargeThenItsFramesPlayAndStopWhenClosed() async throws {
        // Given a gallery of one animated GIF, opened large
        let fixture = try await openLarge("")
        // Then three different frames are drawn in turn
        #expect(try await distinctPictures(fixture, count: 3, timeout: .seconds(30)) == 3)
        // And back in the grid, its thumbnail stays one frame (over two whole cycles of 320 ms)
        try await fixture.tmux.send("Escape")
        try await waitForGrid(fixture)
        #expect(try await distinctScreens(fixture, during: .milliseconds(700)) == 1)
        try await fixture.tmux.send("q")
        try await fixture.tmux.waitFor("EXIT=0")
        #expect(try await fixture.terminalIsRestored())
    }

    @Test func givenNoAnimateWhenViewedLargeThenOneFrameStays() async throws {
        let fixture = try await openLarge("--no-animate")
        // Over six whole cycles only one picture is seen
        #expect(try await distinctPictures(fixture, count: 2, timeout: .seconds(2)) == 1)
        try await fixture.tmux.send("Escape")
        try await waitForGrid(fixture)
        try await fixture.tmux.send("q")
        try await fixture.tmux.waitFor("EXIT=0")
    }
}
