// `snapterm render`: terminal bytes for a URL in each format, PNG export, cached sixel, one-line errors and empty stdout.
import Foundation
import TestSupport
import Testing

/// Serialized: each case starts `snapterm` processes; run in parallel they saturate a 2-core machine
/// and slow the timing-sensitive suites running beside them.
@Suite(.serialized) struct RenderCommandTests {
    private let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")

    private func environment(_ folder: TemporaryDirectory) -> [String: String] {
        ["SNAPTERM_FILE_ROOTS": "\(folder.url.path):\(CommandRunner.repositoryRoot.path)",
         "XDG_CACHE_HOME": folder.appending("cache").path, "TERM": "xterm-256color"]
    }

    @Test func asciiIsOneLineOfPrintableTextPerRow() async throws {
        let folder = try TemporaryDirectory()
        let output = try await OffPool.run { try CommandRunner.run(["render", "--format", "ascii", "--cols", "40", "--rows", "12", photo.absoluteString],
                                           environment: environment(folder)) }
        #expect(output.status == 0, "\(output.stderr)")
        let lines = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect((1...12).contains(lines.count))
        #expect(lines.allSatisfy { $0.count <= 40 && $0.unicodeScalars.allSatisfy { (0x20..<0x7F).contains($0.value) } })
    }

    @Test func sixelIsOneSequenceAndTheSecondRunIsADiskHit() async throws {
        let folder = try TemporaryDirectory()
        let arguments = ["render", "--format", "sixel", "--cols", "30", "--rows", "10", "--stats", photo.absoluteString]
        let first = try await OffPool.run { try CommandRunner.run(arguments, environment: environment(folder)) }
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.starts(with: Data("\u{1B}P".utf8)))
        #expect(first.stdout.suffix(3) == Data("\u{1B}\\\n".utf8))
        #expect(first.stderr.contains("source=handler"))
        #expect(first.stderr.contains("decode+scale="))
        let second = try await OffPool.run { try CommandRunner.run(arguments, environment: environment(folder)) }
        #expect(second.stdout == first.stdout)
        #expect(second.stderr.contains("source=disk"))
    }

    @Test func outputWritesTheScaledPictureAsPNG() async throws {
        let folder = try TemporaryDirectory()
        let png = folder.appending("out.png")
        let output = try await OffPool.run { try CommandRunner.run(["render", "--format", "sixel", "--cols", "30", "--rows", "10", "--cell-size", "8x16",
                                            "--output", png.path, photo.absoluteString], environment: environment(folder)) }
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        let bytes = try Data(contentsOf: png)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // PNG header: width and height, big-endian, at offsets 16 and 20; the box is 240×160, sixel height cut to 156 or
        // less, the width the picture's aspect at that height (whole cells no longer: nothing of the picture is cropped)
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width > 0 && width <= 240 && height % 6 == 0 && height <= 156, "\(width)×\(height)")
    }

    @Test(arguments: [
        ("not a file", "no such readable file"),
        ("gopher://example.org/x.png", "unsupported URL scheme 'gopher'"),
        ("file:///etc/passwd", "outside the allowed folders"),
    ])
    func aBadURLIsOneLineOnStandardErrorAndNothingOnStandardOutput(url: String, message: String) async throws {
        let folder = try TemporaryDirectory()
        let output = try await OffPool.run { try CommandRunner.run(["render", "--format", "sixel", url], environment: environment(folder)) }
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.split(separator: "\n").count == 1)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test(arguments: [("cut.jpg", "sixel"), ("broken.png", "symbols"), ("text.png", "ascii")])
    func aCorruptFileIsOneLineOnStandardErrorAndNothingOnStandardOutput(name: String, format: String) async throws {
        let folder = try TemporaryDirectory()
        // A JPEG cut before its image data, a PNG signature with nothing valid after it, and text named .png
        // (a JPEG cut mid-scan still decodes: libvips fills the rest, like browsers do).
        try (try Data(contentsOf: photo)).prefix(300).write(to: folder.appending("cut.jpg"))
        try (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 300)).write(to: folder.appending("broken.png"))
        try Data("plain text, not a picture".utf8).write(to: folder.appending("text.png"))
        let output = try await OffPool.run {
            try CommandRunner.run(["render", "--format", format, folder.appending(name).absoluteString], environment: environment(folder))
        }
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.stderr.contains(name) && output.stderr.contains("damaged") || output.stderr.contains("not a"))
    }
}
