// `snapterm render --format kitty|iterm`: one kitty transmit-and-show in chunks of ≤ 4096, or one iTerm2
// sequence; both PNG inside, both cached on disk like sixel.
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct RenderKittyITermTests {
    private let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")

    private func environment(_ folder: TemporaryDirectory) -> [String: String] {
        ["SNAPTERM_FILE_ROOTS": CommandRunner.repositoryRoot.path,
         "XDG_CACHE_HOME": folder.appending("cache").path, "TERM": "xterm-256color"]
    }

    @Test func kittyIsChunkedPNGShownAtTheCursorAndTheSecondRunIsADiskHit() async throws {
        let folder = try TemporaryDirectory()
        let arguments = ["render", "--format", "kitty", "--cols", "30", "--rows", "10", "--stats", photo.absoluteString]
        let first = try await OffPool.run { try CommandRunner.run(arguments, environment: environment(folder)) }
        #expect(first.status == 0, "\(first.stderr)")
        let text = String(decoding: first.stdout, as: UTF8.self)
        // the photo is 3:2, so in a 30×10 box of 8×16 cells it takes 20×10 cells
        let starts = text.hasPrefix("\u{1B}_Ga=T,t=d,f=100,c=20,r=10,q=2,m=1;"), ends = text.hasSuffix("\u{1B}\\\n")
        #expect(starts && ends)
        let commands = text.dropLast().components(separatedBy: "\u{1B}\\").dropLast()
        let chunks = commands.map { String($0.split(separator: ";", maxSplits: 1).last ?? "") }
        let chunked = commands.count > 1 && chunks.allSatisfy { $0.count <= 4096 }
        let continued = commands.dropFirst().dropLast().allSatisfy { $0.hasPrefix("\u{1B}_Gq=2,m=1;") }
        let last = commands.last?.hasPrefix("\u{1B}_Gq=2,m=0;") == true
        #expect(chunked && continued && last, "\(commands.count) commands")
        let png = try #require(Data(base64Encoded: chunks.joined()))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let second = try await OffPool.run { try CommandRunner.run(arguments, environment: environment(folder)) }
        let same = second.stdout == first.stdout
        #expect(same)
        #expect(second.stderr.contains("source=disk"))
    }

    @Test func itermIsOneInlineImageSequenceForTheBox() async throws {
        let folder = try TemporaryDirectory()
        let output = try await OffPool.run {
            try CommandRunner.run(["render", "--format", "iterm", "--cols", "30", "--rows", "10", photo.absoluteString], environment: environment(folder))
        }
        #expect(output.status == 0, "\(output.stderr)")
        let text = String(decoding: output.stdout, as: UTF8.self)
        let starts = text.hasPrefix("\u{1B}]1337;File=inline=1;width=20c;height=10r;preserveAspectRatio=1:iVBORw0KGgo")
        let ends = text.hasSuffix("\u{07}\n")
        #expect(starts && ends)
        let body = try #require(text.split(separator: ":", maxSplits: 1).last)
        #expect(Data(base64Encoded: String(body.dropLast(2)))?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
    }
}
