// MxcRenderCommandTests: `snapterm render|fetch mxc://…` once logged in, against the real Synapse — the picture is
// drawn and fetched, the token is in no output and no cache file; a wrong media id and no account are one sentence.
import Foundation
import Matrix
import TestSupport
import Testing

/// Serialized: each case starts `snapterm` processes (a 2-core machine).
@Suite(.serialized) struct MxcRenderCommandTests {
    private let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")

    private func environment(_ home: TemporaryDirectory) -> [String: String] {
        ["HOME": home.url.path, "XDG_DATA_HOME": home.appending("data").path, "XDG_CACHE_HOME": home.appending("cache").path,
         "TERM": "xterm-256color"]
    }

    /// A peer's upload and a reader logged in with `snapterm login` in `home`; returns the mxc URL and the session.
    private func upload(loggingInTo home: TemporaryDirectory) async throws -> (mxc: String, session: MatrixSession) {
        let homeserver = try TestHomeserver.fromEnvironment()
        let (mxc, alice) = try await homeserver.pictureSentByAPeer(photo)
        let login = try await CommandRunner.run(["login", homeserver.url.absoluteString, alice.localpart, "--password-stdin"],
                                                environment: environment(home), input: Data((alice.password + "\n").utf8))
        #expect(login.status == 0, "\(login.stderr)")
        let session = try #require(try AccountStore(folder: home.appending("data/snapterm")).load().first)
        return (mxc, session)
    }

    @Test func givenALoggedInAccount_whenRenderingAndFetchingAnMxcURL_thenItIsDrawnAndTheTokenIsNowhere() async throws {
        // Given a logged-in account and a picture a peer uploaded
        let home = try TemporaryDirectory()
        let (mxc, session) = try await upload(loggingInTo: home)

        // When it is rendered as sixel, and fetched whole
        let variables = environment(home)
        let render = try await OffPool.run {
            try CommandRunner.run(["render", "--format", "sixel", "--cols", "30", "--rows", "10", "--stats", mxc], environment: variables)
        }
        let fetch = try await OffPool.run { try CommandRunner.run(["fetch", mxc], environment: variables) }

        // Then it is drawn, the fetched bytes are the upload, and the token is in no output and no cache file
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.starts(with: Data("\u{1B}P".utf8)))
        // (a 240×160 box: the thumbnail stage asked the server's 320×240 thumbnail, fewer bytes than the file)
        // (`--stats`: the line of the picture the thumbnail was made from names the bytes it loaded)
        let sourceLine = render.stderr.split(separator: "\n").first { $0.contains("picture source=") } ?? ""
        let sourceBytes = sourceLine.split(separator: " ").first { $0.hasPrefix("bytes=") }.flatMap { Int($0.dropFirst(6)) }
        #expect(sourceBytes.map { $0 > 0 && $0 < (try? Data(contentsOf: photo).count) ?? 0 } == true, "\(render.stderr)")
        #expect(fetch.status == 0, "\(fetch.stderr)")
        #expect(fetch.stdout == (try Data(contentsOf: photo)))
        let token = Data(session.accessToken.utf8)
        for output in [render, fetch] {
            #expect(output.stdout.range(of: token) == nil && !output.stderr.contains(session.accessToken))
        }
        let cached = try LoginCommandTests.files(under: home.appending("cache"))
        #expect(!cached.isEmpty)
        for file in cached {
            #expect(try Data(contentsOf: file).range(of: token) == nil, "the token is in \(file.path)")
        }
        try await MatrixClient().logout(session)
    }

    @Test func givenALoggedInAccount_whenRenderingAWrongMediaID_thenItSaysTheServerHasNoSuchPicture() async throws {
        let home = try TemporaryDirectory()
        let (_, session) = try await upload(loggingInTo: home)
        let wrong = "mxc://localhost/NoSuchMedia0123456789"

        let variables = environment(home)
        let render = try await OffPool.run { try CommandRunner.run(["render", "--format", "ascii", wrong], environment: variables) }

        #expect(render.status != 0)
        #expect(render.stdout.isEmpty)
        #expect(render.stderr.contains("the homeserver has no picture or file at \(wrong)"), "\(render.stderr)")
        #expect(render.stderr.split(separator: "\n").count == 1)
        try await MatrixClient().logout(session)
    }

    @Test func givenNoAccount_whenRenderingAnMxcURL_thenItSaysToLogInFirst() async throws {
        let home = try TemporaryDirectory()

        let variables = environment(home)
        let render = try await OffPool.run { try CommandRunner.run(["render", "--format", "ascii", "mxc://localhost/abc"], environment: variables) }

        #expect(render.status != 0)
        #expect(render.stdout.isEmpty)
        #expect(render.stderr.contains("log in first with snapterm login HOMESERVER USER"), "\(render.stderr)")
    }
}
