// KittyGalleryFixture: the real app in kitty mode on a gallery folder, in a pseudo-terminal the test plays; and the
// commands that send the 3-frame GIF fixture as an animation kitty plays.
import Foundation
import TestSupport

enum KittyGalleryFixture {
    /// The 3-frame GIF (70, 150, 10 ms: played as 70, 150, 100).
    static let gif = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/three-frames-16x16.gif")

    /// snapterm with `arguments` then `pictures`, in kitty mode (100×30 cells of 8×16), its folders under `home`.
    static func start(_ arguments: [String], pictures: URL, home: TemporaryDirectory) throws -> PseudoTerminal {
        try PseudoTerminal(CommandRunner.binary.path, arguments + [pictures.path], environment: [
            "PATH": "/usr/bin:/bin", "HOME": home.url.path, "TERM": "xterm-kitty", "LANG": "C.UTF-8", "SNAPTERM_GRAPHICS": "kitty",
            "XDG_CACHE_HOME": home.appending("cache").path, "XDG_DATA_HOME": home.appending("data").path,
            "SNAPTERM_DATA": CommandRunner.repositoryRoot.appendingPathComponent("assets").path,
        ], columns: 100, rows: 30, cellPixels: (8, 16))
    }

    /// The id of the image the GIF's two later frames were added to with their gaps (150 and 100 ms), when that
    /// image was transmitted exactly once; `nil` when the commands say anything else.
    static func animatedImageID(in log: KittyCommandLog) -> String? {
        let frames = log.commands(action: "f")
        guard frames.map({ $0["z"] }) == ["150", "100"], let id = frames.first?["i"],
              frames.allSatisfy({ $0["i"] == id }), log.commands(action: "t").filter({ $0["i"] == id }).count == 1 else { return nil }
        return id
    }
}
