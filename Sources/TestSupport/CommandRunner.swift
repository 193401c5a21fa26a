// CommandRunner: runs the built `snapterm` executable and captures what it wrote, for CLI tests.
import Foundation
import SchemeLoader

/// The outcome of running a command.
public struct CommandOutput: Sendable {
    /// The exit status.
    public let status: Int32
    /// Everything written to standard output.
    public let stdout: Data
    /// Everything written to standard error, as text.
    public let stderr: String
}

/// What a command gets as its standard input.
public enum CommandInput: Sendable {
    /// `/dev/null`.
    case empty
    /// These bytes, through a pipe.
    case data(Data)
    /// This open file (a directory, a pipe the test feeds itself …), as descriptor 0.
    case handle(FileHandle)
    /// No descriptor 0 at all: the command starts with standard input closed.
    case closed
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
        try runAndWait(arguments, environment: environment, input: input.map { .data($0) } ?? .empty, directory: directory)
    }

    /// Runs `snapterm arguments…` with `standardInput` as its standard input, off the cooperative pool.
    public static func run(_ arguments: [String], environment: [String: String] = [:],
                           standardInput: CommandInput) async throws -> CommandOutput {
        try await OffPool.run { try runAndWait(arguments, environment: environment, input: standardInput, directory: nil) }
    }

    /// The same from async code: the wait happens off Swift's cooperative pool, so a slow child
    /// never holds one of its few threads while other suites' tasks need them.
    public static func run(_ arguments: [String], environment: [String: String] = [:],
                           input: Data? = nil, directory: URL? = nil) async throws -> CommandOutput {
        try await OffPool.run {
            try runAndWait(arguments, environment: environment, input: input.map { .data($0) } ?? .empty, directory: directory)
        }
    }

    private static func runAndWait(_ arguments: [String], environment: [String: String],
                                   input: CommandInput, directory: URL?) throws -> CommandOutput {
        let process = Process()
        if case .closed = input {
            // Foundation cannot start a child without descriptor 0: a shell closes it, then becomes the command.
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \"$@\" 0<&-", binary.path] + arguments
        } else {
            process.executableURL = binary
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = directory }
        var variables = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        variables.merge(environment) { _, new in new }
        process.environment = variables
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        switch input {
        case .empty, .closed: process.standardInput = FileHandle.nullDevice
        case .data: process.standardInput = stdin
        case .handle(let handle): process.standardInput = handle
        }
        try process.run()
        if case .data(let input) = input {
            // Written from another thread: a picture larger than the pipe buffer must not block reading stdout.
            Thread.detachNewThread {
                stdin.fileHandleForWriting.write(input)
                try? stdin.fileHandleForWriting.close()
            }
        }
        // Standard error is read beside standard output: a child that fills one pipe while the other is
        // read would wait forever.
        let stderrRead = Locked<Data?>(nil)
        let stderrDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            stderrRead.withLock { $0 = err.fileHandleForReading.readDataToEndOfFile() }
            stderrDone.signal()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        stderrDone.wait()
        let stderr = stderrRead.withLock { $0 } ?? Data()
        process.waitUntilExit()
        return CommandOutput(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
    }
}
