// MatrixMessageSelectionEndToEndTests: selecting messages in a room, in tmux against the real Synapse with the matrix-nio
// peer — the keys are in the screen's `?` help; ↑ selects the newest message (marked ▌, its hint says what Enter does),
// ↑ again moves to older ones; Enter on a selected file saves that file (not the newest one) into XDG_DOWNLOAD_DIR with
// the sent bytes; Esc unselects (and only then goes back); `s` with nothing selected saves the newest file on screen.
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct MatrixMessageSelectionEndToEndTests {
    @Test func givenTwoFilesAndAText_whenTheOlderFileIsSelectedAndEnterPressed_thenThatFileIsSaved() async throws {
        let fixture = try E2EFixture(columns: 120, rows: 40)
        let tmux = fixture.tmux
        let scene = try await fixture.matrixRoom(named: "Selection", joined: true)
        let (peer, room) = (scene.peer, scene.room)
        let older = Data((0..<2000).map { UInt8($0 % 239) })
        let newer = Data((0..<5000).map { UInt8($0 % 241) })
        try older.write(to: fixture.folder.appending("older.bin"))
        try newer.write(to: fixture.folder.appending("newer.bin"))
        let downloads = fixture.folder.appending("downloads")

        try await tmux.runReportingExit("XDG_DOWNLOAD_DIR='\(downloads.path)' \(CommandRunner.binary.path)")
        try await tmux.waitFor("[Places]")
        try await tmux.send("Tab")
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("Selection") } && $0.contains { $0.contains("Matrix: live") } }
        _ = try await peer.sendFile(fixture.folder.appending("older.bin"), named: "older.bin", to: room)
        _ = try await peer.sendFile(fixture.folder.appending("newer.bin"), named: "newer.bin", to: room)
        _ = try await peer.sendText("after the files", to: room)
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("after the files") } }
        try await tmux.send("g", "Enter")
        try await tmux.waitFor(timeout: .seconds(60)) { lines in
            lines.contains { $0.contains("📎 older.bin") } && lines.contains { $0.contains("📎 newer.bin") } && lines.contains { $0.contains("i write") }
        }
        #expect(!(try await tmux.screen()).contains { $0.contains("▌") }, "nothing is selected when a room opens")

        // The keys are in the screen's help.
        try await tmux.send("?")
        try await tmux.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("select a message") } && $0.contains { $0.contains("on a selected file") } }
        try await tmux.send("Escape")
        try await tmux.waitFor(timeout: .seconds(30)) { !$0.contains { $0.contains("select a message") } && $0.contains { $0.contains("i write") } }

        // ↑ selects the newest message: a text, so Enter says what it does instead of writing.
        try await tmux.send("Up")
        try await tmux.waitFor(timeout: .seconds(30)) { lines in
            lines.contains { $0.contains("▌after the files") } && lines.contains { $0.contains("↑↓ select · Esc unselect") }
        }
        try await tmux.send("Enter")
        try await tmux.waitFor(timeout: .seconds(30)) { $0.contains { $0.contains("Enter saves a selected file") } }
        // ↑ ↑: the older file, marked; the mark left the text.
        try await tmux.send("Up", "Up")
        let selected = try await tmux.waitFor(timeout: .seconds(30)) { lines in
            lines.contains { $0.contains("▌📎 older.bin") } && lines.contains { $0.contains("Enter save the file") }
        }
        #expect(!selected.contains { $0.contains("▌after the files") || $0.contains("▌📎 newer.bin") }, "\(selected)")

        try await tmux.send("Enter")
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("saved 2 KB to") || $0.contains("not saved") } }
        #expect(try Data(contentsOf: downloads.appendingPathComponent("older.bin")) == older)
        #expect(try FileManager.default.contentsOfDirectory(atPath: downloads.path) == ["older.bin"], "only the selected file")

        // Esc unselects and stays in the room; `s` then saves the newest file on screen.
        try await tmux.send("Escape")
        try await tmux.waitFor(timeout: .seconds(30)) { lines in
            !lines.contains { $0.contains("▌") } && lines.contains { $0.contains("i write · a photo") } && lines.contains { $0.contains("📎 newer.bin") }
        }
        try await tmux.send("s")
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("saved 5 KB to") || $0.contains("not saved") } }
        #expect(try Data(contentsOf: downloads.appendingPathComponent("newer.bin")) == newer)

        // Esc with nothing selected goes back to the conversations.
        try await tmux.send("Escape")
        try await tmux.waitFor(timeout: .seconds(30)) { !$0.contains { $0.contains("📎 newer.bin") } && $0.contains { $0.contains("Selection") } }
        try await tmux.send("q")
        try await tmux.waitFor("EXIT=0")
    }
}
