// Standard output that is a non-blocking pipe (O_NONBLOCK set by whoever passed it) with a slow reader
// gets every byte: a full pipe is waited for, never a crash on EAGAIN.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing

@Suite struct NonBlockingOutputTests {
    @Test func aSlowNonBlockingPipeGetsEveryByte() async throws {
        // Given 2 MB to fetch, and standard output a non-blocking pipe nobody reads for a while
        let folder = try TemporaryDirectory()
        let bytes = Data((0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try bytes.write(to: folder.appending("big.bin"))
        let output = Pipe(), errors = Pipe()
        let writing = output.fileHandleForWriting.fileDescriptor
        #expect(fcntl(writing, F_SETFL, fcntl(writing, F_GETFL) | O_NONBLOCK) == 0)
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["fetch", folder.appending("big.bin").path]
        process.environment = ["PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": folder.appending("cache").path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors

        // When it is fetched, and read only after the pipe has long been full
        let (received, status, stderr) = try await OffPool.run {
            try process.run()
            try? output.fileHandleForWriting.close()
            Thread.sleep(forTimeInterval: 0.5)
            let received = output.fileHandleForReading.readDataToEndOfFile()
            let stderr = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (received, process.terminationStatus, String(decoding: stderr, as: UTF8.self))
        }

        // Then every byte arrived and the command succeeded
        #expect(status == 0, "\(stderr)")
        #expect(received == bytes)
    }
}
