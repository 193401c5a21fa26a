// `snapterm --list -` reads standard input whatever it is: a non-blocking pipe whose lines arrive slowly is
// read to its end; a closed input or a directory is one sentence naming it — never raw NSError text.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing

@Suite struct ListOnStandardInputKindsTests {
    private func environment(_ folder: TemporaryDirectory) -> [String: String] {
        ["XDG_CACHE_HOME": folder.appending("cache").path, "HOME": folder.url.path]
    }

    @Test func aNonBlockingPipeArrivingSlowlyIsReadToItsEnd() async throws {
        // Given a non-blocking pipe on which a list arrives in two parts, the second with a bad line
        let folder = try TemporaryDirectory()
        let pipe = Pipe()
        let reading = pipe.fileHandleForReading.fileDescriptor, writing = pipe.fileHandleForWriting.fileDescriptor
        #expect(fcntl(reading, F_SETFL, fcntl(reading, F_GETFL) | O_NONBLOCK) == 0)
        #expect(fcntl(writing, F_SETFD, FD_CLOEXEC) == 0)  // only the test writes: the command must see the end
        let writer = Thread {
            Thread.sleep(forTimeInterval: 0.3)
            pipe.fileHandleForWriting.write(Data("https://example.com/a.jpg\n".utf8))
            Thread.sleep(forTimeInterval: 0.3)
            pipe.fileHandleForWriting.write(Data("ftp://example.com/b.jpg\n".utf8))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()

        // When `--list -` is opened
        let output = try await CommandRunner.run(["--list", "-"], environment: environment(folder),
                                                 standardInput: .handle(pipe.fileHandleForReading))

        // Then the line that came last was read (and named), and the list went on to the terminal check
        #expect(output.stderr.contains("on standard input line 2: unsupported scheme 'ftp'"), "\(output.stderr)")
        #expect(output.stderr.contains("needs a terminal"), "\(output.stderr)")
        #expect(output.status == 2)
    }

    @Test func aDirectoryOrAClosedInputIsRefusedInASentence() async throws {
        let folder = try TemporaryDirectory()
        let directory = try #require(FileHandle(forReadingAtPath: folder.url.path))
        for (input, cause) in [(CommandInput.handle(directory), "it is a folder"), (.closed, "it is closed")] {
            // When `--list -` is opened with standard input a directory, or closed
            let output = try await CommandRunner.run(["--list", "-"], environment: environment(folder), standardInput: input)

            // Then one line names the list and the cause
            #expect(output.status == 1)
            #expect(output.stderr == "snapterm: cannot read the list on standard input: \(cause)\n", "\(output.stderr)")
        }
    }
}
