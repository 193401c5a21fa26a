// CommandRunner: runs the built `snapterm` executable and captures what it wrote, for CLI tests.
import Foundation

/// The outcome of running a command.
public struct CommandOutput: Sendable {
    /// The exit status.
    public let status: Int32
    /// Everything written to standard output.
    public let stdout: Data
    /// Everything written to standard error, as text.
    public let stderr: String
}

/// Finds and runs the `snapterm` binary of this checkout.
public enum CommandRunner {
    /// The repository root (found from this source file's location).
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built binary: `$SNAPTERM_BINARY`, else `.build/debug/snapterm` of this checkout.
    public static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["SNAPTERM_BINARY"] { return URL(fileURLWithPath: path) }
        return repositoryRoot.appendingPathComponent(".build/debug/snapterm")
    }

    /// Runs `snapterm arguments…` with `environment` added to a minimal one, and waits for it;
    /// `input` is written to its standard input, `directory` is its working folder.
    public static func run(_ arguments: [String], environment: [String: String] = [:],
                           input: Data? = nil, directory: URL? = nil) throws -> CommandOutput {
        let process = Process()
        process.executableURL = binary
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = arguments
        var variables = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        variables.merge(environment) { _, new in new }
        process.environment = variables
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            // Written from another thread: a picture larger than the pipe buffer must not block reading stdout.
            Thread.detachNewThread {
                stdin.fileHandleForWriting.write(input)
                try? stdin.fileHandleForWriting.close()
            }
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandOutput(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }
}
