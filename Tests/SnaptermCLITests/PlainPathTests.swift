// `snapterm render|fetch PATH…`: plain paths (relative, absolute outside every allowed folder, spaces,
// non-ASCII) and `-` are read like any Unix image tool reads them; file:// URLs stay inside the allowed folders.
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct PlainPathTests {
    private let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg")

    /// Only `allowed/` is an allowed folder; the pictures live in `elsewhere/`, in a folder and file
    /// whose names have spaces and non-ASCII letters.
    private func layout() throws -> (folder: TemporaryDirectory, picture: URL, environment: [String: String]) {
        let folder = try TemporaryDirectory()
        let elsewhere = folder.appending("elsewhere/my photos")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appending("allowed"), withIntermediateDirectories: true)
        let picture = elsewhere.appendingPathComponent("café ☕ 1.jpg")
        try FileManager.default.copyItem(at: photo, to: picture)
        return (folder, picture, ["SNAPTERM_FILE_ROOTS": folder.appending("allowed").path, "HOME": folder.appending("allowed").path,
                                  "XDG_CACHE_HOME": folder.appending("cache").path, "TERM": "xterm-256color"])
    }

    private func ascii(_ arguments: [String], _ environment: [String: String], input: Data? = nil, directory: URL? = nil,
                       format: String = "ascii") async throws -> CommandOutput {
        try await OffPool.run {
            try CommandRunner.run(["render", "--format", format, "--cols", "24", "--rows", "6"] + arguments,
                                  environment: environment, input: input, directory: directory)
        }
    }

    @Test func anAbsolutePathOutsideEveryAllowedFolderIsRendered() async throws {
        // Given a picture outside the allowed folders, named by its absolute path
        let (folder, picture, environment) = try layout()
        defer { withExtendedLifetime(folder) {} }
        // When it is rendered
        let output = try await ascii([picture.path], environment)
        // Then it is drawn: rows of text art, nothing on standard error
        #expect(output.status == 0, "\(output.stderr)")
        #expect(String(decoding: output.stdout, as: UTF8.self).split(separator: "\n").count >= 3)
        #expect(output.stderr.isEmpty)
    }

    @Test func aRelativePathIsReadFromTheWorkingFolder() async throws {
        let (folder, picture, environment) = try layout()
        let byAbsolute = try await ascii([picture.path], environment)
        // When the same picture is named relative to the working folder
        let output = try await ascii(["elsewhere/my photos/café ☕ 1.jpg"], environment, directory: folder.url)
        // Then the same bytes come out
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!output.stdout.isEmpty && output.stdout == byAbsolute.stdout)
    }

    @Test func aDashReadsThePictureFromStandardInputAndTheSecondRunIsACacheHit() async throws {
        let (folder, picture, environment) = try layout()
        defer { withExtendedLifetime(folder) {} }
        let byPath = try await ascii([picture.path], environment, format: "sixel")
        // When the picture's bytes are piped in twice
        let bytes = try Data(contentsOf: picture)
        let first = try await ascii(["--stats", "-"], environment, input: bytes, format: "sixel")
        let second = try await ascii(["--stats", "-"], environment, input: bytes, format: "sixel")
        // Then the picture is drawn as from the file, and the second run reuses the first run's encoding
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == byPath.stdout)
        #expect(first.stderr.contains("source=handler"))
        #expect(second.stdout == first.stdout)
        #expect(second.stderr.contains("source=disk"), "\(second.stderr)")
    }

    @Test func differentPicturesOnStandardInputNeverShareACacheEntry() async throws {
        let (folder, _, environment) = try layout()
        defer { withExtendedLifetime(folder) {} }
        let other = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")
        let first = try await ascii(["-"], environment, input: try Data(contentsOf: photo))
        let second = try await ascii(["-"], environment, input: try Data(contentsOf: other))
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stdout != second.stdout)
    }

    @Test func aFileURLOutsideTheAllowedFoldersIsStillRefusedEvenBesideANamedFile() async throws {
        // Given a named picture and a file:// URL of its neighbour (a URL is data, not the user naming a file)
        let (folder, picture, environment) = try layout()
        defer { withExtendedLifetime(folder) {} }
        let neighbour = picture.deletingLastPathComponent().appendingPathComponent("neighbour.jpg")
        try FileManager.default.copyItem(at: photo, to: neighbour)
        // When both are asked for in one call
        let output = try await ascii([picture.path, neighbour.absoluteString], environment)
        // Then the named file is drawn and the URL refused, with a hint
        #expect(output.status != 0)
        #expect(!output.stdout.isEmpty)
        #expect(output.stderr.split(separator: "\n").count == 1)
        #expect(output.stderr.contains("outside the allowed folders") && output.stderr.contains("plain path"), "\(output.stderr)")
    }

    @Test func fetchTakesPathsAndStandardInputToo() async throws {
        let (folder, picture, environment) = try layout()
        let copy = folder.appending("copy.jpg")
        let byPath = try await OffPool.run { try CommandRunner.run(["fetch", "-o", copy.path, picture.path], environment: environment) }
        #expect(byPath.status == 0, "\(byPath.stderr)")
        #expect(try Data(contentsOf: copy) == Data(contentsOf: picture))
        let text = Data("hello from a pipe\n".utf8)
        let piped = try await OffPool.run { try CommandRunner.run(["fetch", "-"], environment: environment, input: text) }
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == text)
    }

    @Test func aMissingPathIsAOneLineNoSuchFile() async throws {
        let (folder, _, environment) = try layout()
        let output = try await ascii(["no such picture.jpg"], environment, directory: folder.url)
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("no such readable file") && output.stderr.contains("no such picture.jpg"), "\(output.stderr)")
    }

    @Test func aLineBreakInAPathStaysOnTheErrorsOneLine() async throws {
        let (folder, _, environment) = try layout()
        let output = try await ascii(["two\nlines.jpg"], environment, directory: folder.url)
        #expect(output.status != 0)
        #expect(output.stderr.contains("two^Jlines.jpg"), "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
    }
}
