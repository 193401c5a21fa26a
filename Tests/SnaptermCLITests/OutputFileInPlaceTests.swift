// `fetch -o FILE` and `render --output FILE` write into FILE as `cat > FILE` would: a symbolic link is
// written through, a hard link stays one file, the mode stays, a character device stays a device.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct OutputFileInPlaceTests {
    private static let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")

    /// Runs `command` (fetch or render) writing to `target`; returns the bytes it should have written.
    private func write(_ command: String, to target: URL, in folder: TemporaryDirectory) async throws -> Data {
        let environment = ["XDG_CACHE_HOME": folder.appending("cache").path, "TERM": "xterm-256color"]
        let arguments = command == "fetch"
            ? ["fetch", "-o", target.path, Self.photo.path]
            : ["render", "--format", "ascii", "--cols", "10", "--rows", "5", "--output", target.path, Self.photo.path]
        let output = try await CommandRunner.run(arguments, environment: environment)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        return command == "fetch" ? try Data(contentsOf: Self.photo) : Data([0x89, 0x50, 0x4E, 0x47])
    }

    /// Major 1, minor 3 (Linux's null device) as a `dev_t`: the minor in the low byte, the major above.
    private static let nullDevice = dev_t(1 << 8 | 3)

    private func status(_ url: URL, following: Bool = true) -> stat {
        var info = stat()
        _ = following ? stat(url.path, &info) : lstat(url.path, &info)
        return info
    }

    @Test(arguments: ["fetch", "render"])
    func aSymbolicLinkIsWrittenThrough(command: String) async throws {
        // Given FILE, a symbolic link to a file elsewhere
        let folder = try TemporaryDirectory()
        let real = folder.appending("real.bin"), link = folder.appending("link.bin")
        try Data("old".utf8).write(to: real)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)

        // When the command writes to FILE
        let expected = try await write(command, to: link, in: folder)

        // Then the link is still a link, and the file it points to holds the output
        #expect(status(link, following: false).st_mode & S_IFMT == S_IFLNK)
        #expect(try Data(contentsOf: real).starts(with: expected))
    }

    @Test(arguments: ["fetch", "render"])
    func aHardLinkStaysOneFileAndTheModeStays(command: String) async throws {
        // Given FILE, mode 0600, with a second name (hard link)
        let folder = try TemporaryDirectory()
        let file = folder.appending("out.bin"), other = folder.appending("other-name.bin")
        try Data("old old old".utf8).write(to: file)
        #expect(chmod(file.path, 0o600) == 0)
        #expect(link(file.path, other.path) == 0)
        let before = status(file)

        // When the command writes to FILE
        let expected = try await write(command, to: file, in: folder)

        // Then both names are still the same file, with the output and the same mode
        let after = status(file)
        #expect(after.st_ino == before.st_ino)
        #expect(after.st_nlink == 2)
        #expect(after.st_mode & 0o7777 == 0o600)
        #expect(try Data(contentsOf: other).starts(with: expected))
        #expect(after.st_size > 4)
    }

    @Test(.enabled(if: getuid() == 0, "making a character device needs root"), arguments: ["fetch", "render"])
    func aCharacterDeviceStaysADevice(command: String) async throws {
        // Given FILE, a null device (a copy of /dev/null's major and minor numbers, so the real one is never at stake)
        let folder = try TemporaryDirectory()
        let device = folder.appending("null")
        #expect(mknod(device.path, S_IFCHR | 0o666, Self.nullDevice) == 0)

        // When the command writes to FILE
        _ = try await write(command, to: device, in: folder)

        // Then it is still that character device, not a regular file put in its place
        let after = status(device, following: false)
        #expect(after.st_mode & S_IFMT == S_IFCHR)
        #expect(after.st_rdev == Self.nullDevice)
    }

    @Test func aDirectoryIsRefusedWithASentence() async throws {
        // Given FILE, a directory
        let folder = try TemporaryDirectory()
        let directory = folder.appending("pictures")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

        // When fetch writes to it
        let output = try await CommandRunner.run(["fetch", "-o", directory.path, Self.photo.path],
                                                 environment: ["XDG_CACHE_HOME": folder.appending("cache").path])

        // Then it is refused in one line naming the cause, and the directory is untouched
        #expect(output.status != 0)
        #expect(output.stderr == "snapterm: \(Self.photo.path): not writing to \(directory.path): it is a directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
