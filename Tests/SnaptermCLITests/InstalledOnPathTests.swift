// InstalledOnPathTests: `snapterm` found on PATH and started in another folder finds its data from its
// own real path — through a symlink into the build, or copied into PREFIX/bin beside PREFIX/share/snapterm —
// and a copy with no data anywhere says in one line where it looked.
import Foundation
import TestSupport
import Testing

@Suite struct InstalledOnPathTests {
    private static let map = "map://?latitude=60.17&longitude=24.94&zoom=5"

    /// What a shell command printed: standard output and standard error apart.
    private struct ShellOutput {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `command` with `sh -c` in `directory` and a clean environment with `bin` first on PATH:
    /// argv[0] is the bare name, as when a user types it.
    private func shell(_ command: String, bin: URL, in directory: URL, home: URL) async throws -> ShellOutput {
        let errors = home.appendingPathComponent("stderr-\(UUID().uuidString)")
        let script = "cd '\(directory.path)' && { \(command); } 2>'\(errors.path)'"
        let run = try await OffPool.run {
            try Spawn.run("/usr/bin/env", ["-i", "PATH=\(bin.path):/usr/bin:/bin", "HOME=\(home.path)",
                                           "XDG_CACHE_HOME=\(home.path)/cache", "/bin/sh", "-c", script])
        }
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return ShellOutput(status: run.status, stdout: run.output, stderr: stderr)
    }

    /// The built binary in `folder`: a hard link where the file system allows (the kernel then reports
    /// that path as the program's own, as for a copy), else a copy.
    private func place(binaryIn folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent("snapterm")
        if (try? FileManager.default.linkItem(at: CommandRunner.binary, to: target)) == nil {
            try FileManager.default.copyItem(at: CommandRunner.binary, to: target)
        }
    }

    private func expectAMap(_ output: ShellOutput) {
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n")
        #expect((3...10).contains(lines.count) && lines.allSatisfy { $0.count <= 30 }, "\(lines)")
        #expect(lines.contains { $0.contains { $0 != " " } }, "a blank picture")
    }

    @Test func givenASymlinkOnPath_whenRenderingAMapFromAnotherFolder_thenTheCheckoutsDataIsFound() async throws {
        let root = try TemporaryDirectory()
        let bin = root.appending("bin"), elsewhere = root.appending("elsewhere")
        for folder in [bin, elsewhere] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("snapterm"), withDestinationURL: CommandRunner.binary)
        let output = try await shell("snapterm render --format ascii --cols 30 --rows 10 '\(Self.map)'", bin: bin, in: elsewhere, home: root.url)
        expectAMap(output)
    }

    @Test func givenACopyInPrefixBin_whenRenderingAMapFromAnotherFolder_thenPrefixShareSnaptermIsUsed() async throws {
        // Given PREFIX/bin/snapterm and PREFIX/share/snapterm (the maps linked in: the layout is what counts)
        let root = try TemporaryDirectory()
        let prefix = root.appending("prefix"), elsewhere = root.appending("elsewhere")
        try place(binaryIn: prefix.appendingPathComponent("bin"))
        let share = prefix.appendingPathComponent("share/snapterm")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: share.appendingPathComponent("maps"),
                                                   withDestinationURL: CommandRunner.repositoryRoot.appendingPathComponent("assets/maps"))
        // When it is run by name from another folder
        let output = try await shell("snapterm render --format ascii --cols 30 --rows 10 '\(Self.map)'",
                                     bin: prefix.appendingPathComponent("bin"), in: elsewhere, home: root.url)
        // Then the map is drawn
        expectAMap(output)
    }

    @Test func givenACopyWithNoDataAnywhere_whenRenderingAMap_thenOneLineNamesWhereItLooked() async throws {
        let root = try TemporaryDirectory()
        let prefix = root.appending("prefix"), elsewhere = root.appending("elsewhere")
        try place(binaryIn: prefix.appendingPathComponent("bin"))
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let output = try await shell("snapterm render --format ascii --cols 30 --rows 10 '\(Self.map)'",
                                     bin: prefix.appendingPathComponent("bin"), in: elsewhere, home: root.url)
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains(prefix.appendingPathComponent("share/snapterm").path), "\(output.stderr)")
        #expect(output.stderr.contains("SNAPTERM_DATA"))
        #expect(!output.stderr.contains("NSCocoaErrorDomain") && !output.stderr.contains(elsewhere.path))
    }

    @Test func givenACopyWithNoData_whenRenderingAFile_thenTheDataIsNotNeeded() async throws {
        let root = try TemporaryDirectory()
        let bin = root.appending("prefix/bin")
        try place(binaryIn: bin)
        try FileManager.default.copyItem(at: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg"),
                                         to: root.appending("coffee.jpg"))
        let output = try await shell("snapterm render --format ascii --cols 30 --rows 10 coffee.jpg", bin: bin, in: root.url, home: root.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(!output.stdout.isEmpty)
    }
}
