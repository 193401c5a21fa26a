// A mistyped command is answered with the command it most likely meant, not "No such file or directory"; a word
// far from every command, or a file of that name, is still a gallery's operand.
import Foundation
@testable import snapterm
import TestSupport
import Testing

@Suite struct CommandSuggestionTests {
    @Test(arguments: [("rendr", "render"), ("fecth", "fetch"), ("logn", "login"), ("acounts", "accounts"), ("Render", "render")])
    func aTypoOfACommandSuggestsIt(typed: String, meant: String) {
        #expect(CommandSuggestion.suggestion(for: typed, exists: { _ in false }) == meant)
    }

    @Test(arguments: ["render", "photos", "x", "holiday", "rendr.jpg", "-h", "~/rendr"])
    func aCommandAWordFarFromEveryCommandOrAPathIsNoTypo(typed: String) {
        #expect(CommandSuggestion.suggestion(for: typed, exists: { _ in false }) == nil)
    }

    @Test func aFileNamedLikeATypoIsOpenedNotQuestioned() {
        #expect(CommandSuggestion.suggestion(for: "rendr", exists: { $0 == "rendr" }) == nil)
    }

    @Test func theCommandLineSaysDidYouMean() async throws {
        let folder = try TemporaryDirectory()
        let output = try await CommandRunner.run(["rendr", "x.jpg"], environment: ["XDG_CACHE_HOME": folder.appending("cache").path],
                                                 directory: folder.url)
        #expect(output.status != 0)
        #expect(output.stderr == "snapterm: 'rendr' is neither a file nor a command; did you mean 'snapterm render'?\n")
    }

    @Test func helpShowsEveryWayToCallIt() async throws {
        let output = try await CommandRunner.run(["--help"])
        let help = String(decoding: output.stdout, as: UTF8.self)
        for usage in ["snapterm [DIR | URL | PATH ...] [--list FILE]", "snapterm render PATH|URL|- ...", "snapterm login HOMESERVER USER"] {
            #expect(help.contains(usage), "\(help)")
        }
    }
}
