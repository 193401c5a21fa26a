// End to end in tmux (text-art mode): `snapterm DIR` opens the folder's gallery first, Enter shows a
// picture as large as the screen, → the next one, Esc back, Tab to the places, q quits cleanly.
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct FolderGalleryEndToEndTests {
    @Test func aFolderOpensAsAGalleryAndAPictureOpensLarge() async throws {
        // Given a folder of 40 photos (names with a space) outside every allowed folder
        let fixture = try E2EFixture()
        let pictures = fixture.folder.appending("my pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let photo = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg"))
        for index in 1...40 { try photo.write(to: pictures.appendingPathComponent("photo-\(index).jpg")) }

        // When snapterm is started with the folder
        try await fixture.start("--graphics symbols '\(pictures.path)'")

        // Then its gallery is the first tab, with names under the thumbnails and none left loading
        try await fixture.tmux.waitFor("[my pictures]")
        try await fixture.tmux.waitFor { $0.contains { $0.contains("1 of 40") } && $0.contains { $0.contains("blank 0/") } }
        let grid = try await fixture.tmux.waitFor("photo-5.jpg")
        #expect(grid.contains { $0.contains("photo-1.jpg") && $0.contains("photo-2.jpg") })

        // And Enter shows the picture large, → the next, Esc the grid again
        try await fixture.tmux.send("Enter")
        try await fixture.tmux.waitFor("1 of 40 · photo-1.jpg")
        try await fixture.tmux.send("Right")
        try await fixture.tmux.waitFor { $0.contains { $0.contains("2 of 40 · photo-2.jpg") } && $0.contains { $0.contains("blank 0/1") } }
        try await fixture.tmux.send("Escape")
        try await fixture.tmux.waitFor { $0.contains { $0.contains("▶ photo-2.jpg") } }
        try await fixture.tmux.send("Tab")
        try await fixture.tmux.waitFor("[Places]")
        try await fixture.tmux.send("q")
        try await fixture.tmux.waitFor("EXIT=0")
        #expect(try await fixture.terminalIsRestored())
    }
}
