// `snapterm render PATH` with a path whose name is not UTF-8: the argument's bytes reach open(2), so
// each of a\xff.jpg, a\u{FFFD}.jpg and b\xfe.jpg renders its own picture.
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct NonUTF8PathRenderTests {
    private static let photos = ["coffee.jpg", "astronaut.jpg", "ladybird.jpg"].map {
        CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/\($0)")
    }

    /// Runs `snapterm render --format ascii … PATH` with PATH given as raw bytes (through the shell's printf,
    /// since Process takes only Strings); the output and status.
    private func render(_ path: [UInt8], environment: [String: String]) async throws -> (status: Int32, stdout: String, stderr: String) {
        let escaped = path.map { String(format: "\\%03o", $0) }.joined()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" render --format ascii --cols 24 --rows 6 \"$(printf '\(escaped)')\"",
                             CommandRunner.binary.path]
        process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { _, new in new }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return try await OffPool.run {
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
        }
    }

    @Test func givenNamesThatDifferOnlyInBytesWhenEachIsRenderedThenEachShowsItsOwnPicture() async throws {
        let folder = try TemporaryDirectory()
        let pictures = try TemporaryDirectory()
        let environment = ["HOME": folder.url.path, "XDG_CACHE_HOME": folder.appending("cache").path, "TERM": "xterm-256color"]
        var paths: [[UInt8]] = []
        for (name, photo) in zip(NonUTF8Names.all, Self.photos) {
            try pictures.write(try Data(contentsOf: photo), rawName: name)
            paths.append(Array((pictures.url.path + "/").utf8) + name)
        }
        for (path, photo) in zip(paths, Self.photos) {
            let rendered = try await render(path, environment: environment)
            let reference = try await render(Array(photo.path.utf8), environment: environment)
            #expect(rendered.status == 0, "\(rendered.stderr)")
            #expect(rendered.stdout == reference.stdout, "\(String(decoding: path, as: UTF8.self)) did not render \(photo.lastPathComponent)")
            #expect(!rendered.stdout.isEmpty)
        }
    }
}
