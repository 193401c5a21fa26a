// RenderKittyAnonymousImageTests: `snapterm render` in kitty mode names no image id (`a=T` without `i=` or `I=`), so
// two renders of the same picture into one terminal — or a render beside a running Snapterm — never replace or
// free each other's images: only pictures with an id can be addressed.
import Foundation
import TestSupport
import Testing

@Suite struct RenderKittyAnonymousImageTests {
    @Test func twoRendersOfTheSamePictureNameNoImageID() async throws {
        let folder = try TemporaryDirectory()
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")
        let environment = ["SNAPTERM_FILE_ROOTS": CommandRunner.repositoryRoot.path,
                           "XDG_CACHE_HOME": folder.appending("cache").path, "TERM": "xterm-256color"]
        var outputs: [String] = []
        for place in [[], ["--place", "3x2"]] {
            let arguments = ["render", "--format", "kitty", "--cols", "20", "--rows", "8"] + place + [photo.absoluteString]
            let run = try await OffPool.run { try CommandRunner.run(arguments, environment: environment) }
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(String(decoding: run.stdout, as: UTF8.self))
        }
        for output in outputs {
            // every kitty command's keys (before its payload) hold neither an id nor an image number
            let commands = output.components(separatedBy: "\u{1B}_G").dropFirst()
            #expect(!commands.isEmpty)
            for command in commands {
                let keys = command.prefix { $0 != ";" && $0 != "\u{1B}" }.split(separator: ",")
                #expect(!keys.contains { $0.hasPrefix("i=") || $0.hasPrefix("I=") }, "keys: \(keys)")
            }
            #expect(output.contains("\u{1B}_Ga=T,"))
        }
    }
}
