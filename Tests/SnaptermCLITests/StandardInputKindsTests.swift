// `render -` reads standard input whatever it is: non-blocking input arriving slowly is read to its
// end; a closed input or a directory is refused in one sentence naming it — never raw NSError text.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct StandardInputKindsTests {
    private static let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")
    private static let arguments = ["render", "--format", "ascii", "--cols", "20", "--rows", "6"]

    private func environment(_ folder: TemporaryDirectory) -> [String: String] {
        ["XDG_CACHE_HOME": folder.appending("cache").path, "TERM": "xterm-256color"]
    }

    @Test func nonBlockingInputArrivingSlowlyIsReadToItsEnd() async throws {
        // Given a pipe whose reading end is non-blocking (as some shells and editors leave it)
        let folder = try TemporaryDirectory()
        let bytes = try Data(contentsOf: Self.photo)
        let expected = try await CommandRunner.run(Self.arguments + [Self.photo.path], environment: environment(folder))
        let pipe = Pipe()
        let reading = pipe.fileHandleForReading.fileDescriptor, writing = pipe.fileHandleForWriting.fileDescriptor
        #expect(fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) | O_NONBLOCK) == 0)
        #expect(fcntl(writing, F_SETFD, FD_CLOEXEC) == 0)  // only the test writes: the command must see the end

        // When the picture arrives in four parts, a pause before each
        let writer = Thread {
            let part = (bytes.count + 3) / 4
            for start in stride(from: 0, to: bytes.count, by: part) {
                Thread.sleep(forTimeInterval: 0.2)
                pipe.fileHandleForWriting.write(bytes[start..<min(bytes.count, start + part)])
            }
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let output = try await CommandRunner.run(Self.arguments + ["-"], environment: environment(folder),
                                                 standardInput: .handle(pipe.fileHandleForReading))

        // Then the whole picture was read: the same drawing as from its file
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == expected.stdout)
    }

    @Test func aDirectoryAsInputIsRefusedInASentence() async throws {
        // Given standard input opened on a directory
        let folder = try TemporaryDirectory()
        let directory = try #require(FileHandle(forReadingAtPath: folder.url.path))

        // When `-` is rendered
        let output = try await CommandRunner.run(Self.arguments + ["-"], environment: environment(folder), standardInput: .handle(directory))

        // Then one line says standard input is a directory
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("snapterm: standard input is a directory"), "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: ["render", "fetch"])
    func aClosedInputIsRefusedInASentence(command: String) async throws {
        // Given a command started with no standard input at all
        let folder = try TemporaryDirectory()

        // When `-` is asked for
        let arguments = command == "render" ? Self.arguments + ["-"] : ["fetch", "-"]
        let output = try await CommandRunner.run(arguments, environment: environment(folder), standardInput: .closed)

        // Then one line says standard input is closed
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.hasPrefix("snapterm: standard input is closed"), "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n").count == 1)
    }
}
