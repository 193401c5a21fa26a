// MatrixFileEndToEndTests: a file from the peer in tmux against the real Synapse — its hostile name (a path out of the
// folder, an escape, a bidi override) shown escaped with its size; `s` saves it into XDG_DOWNLOAD_DIR under a plain
// name with the sent bytes and says where; saved again, the existing file is kept until `s` is pressed once more.
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct MatrixFileEndToEndTests {
    @Test func givenAFileWithAHostileName_whenSaved_thenItLandsInTheDownloadFolderUnderAPlainName() async throws {
        let fixture = try E2EFixture(columns: 120, rows: 34)
        let tmux = fixture.tmux
        let scene = try await fixture.matrixRoom(named: "Files", joined: true)
        let (peer, room) = (scene.peer, scene.room)
        let bytes = Data((0..<3000).map { UInt8($0 % 251) })
        let source = fixture.folder.appending("source.bin")
        try bytes.write(to: source)
        let downloads = fixture.folder.appending("downloads")

        try await tmux.runReportingExit("XDG_DOWNLOAD_DIR='\(downloads.path)' \(CommandRunner.binary.path)")
        try await tmux.waitFor("[Places]")
        try await tmux.send("Tab")
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("Files") } && $0.contains { $0.contains("Matrix: live") } }
        // Sent once Snapterm is live: the room becomes the newest conversation.
        _ = try await peer.sendFile(source, named: "../../evil\u{1B}[31m\u{202E}txt.exe", to: room)
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("evil^[[31m") } }
        try await tmux.send("g", "Enter")
        let shown = try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("📎") } && $0.contains { $0.contains("i write") } }
        let line = try #require(shown.first { $0.contains("📎") })
        #expect(line.contains("../../evil^[[31m") && line.contains("3 KB"), "\(line)")

        try await tmux.send("s")
        let saved = try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("saved ") || $0.contains("not saved") } }
        let name = "_.._evil_[31m_txt.exe"
        let file = downloads.appendingPathComponent(name)
        // The notice names the file; a long test folder's path is cut to the pane with "…"
        let notice = try #require(saved.first { $0.hasPrefix("saved 3 KB to ") }, "\(saved)")
        let shownPath = notice.dropFirst("saved 3 KB to ".count)
        #expect(file.path == shownPath || (shownPath.hasSuffix("…") && file.path.hasPrefix(shownPath.dropLast())), "\(notice)")
        #expect(try Data(contentsOf: file) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: downloads.path) == [name], "nothing outside the name, no temporary file")

        // Saved again: the file there is kept, and the notice asks.
        try Data("mine".utf8).write(to: file)
        try await tmux.send("s")
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("exists already — s again replaces it") } }
        #expect(try Data(contentsOf: file) == Data("mine".utf8))
        try await tmux.send("s")
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("saved 3 KB to") } }
        #expect(try Data(contentsOf: file) == bytes)
        try await tmux.send("Escape", "q")
        try await tmux.waitFor("EXIT=0")
    }
}
