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

    /// Runs `snapterm arguments…` with `environment` added to a minimal one, and waits for it.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandOutput {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var variables = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        variables.merge(environment) { _, new in new }
        process.environment = variables
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandOutput(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }
}
