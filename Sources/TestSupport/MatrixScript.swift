// MatrixScript: runs one of scripts/matrix/*.py with a bounded wait and returns what it printed — the
// homeserver's registration and the matrix-nio peer. Blocking: call it through OffPool from async tests.
import Foundation

/// What a script printed and how it ended.
public struct MatrixScriptOutput: Sendable {
    /// The exit status (a script killed at its deadline reports 137).
    public let status: Int32
    /// Standard output (one JSON object for the scripts in scripts/matrix).
    public let stdout: Data
    /// Standard error.
    public let stderr: String
}

/// Runs a Python script of `scripts/matrix/` and waits for it, at most `timeout`.
public enum MatrixScript {
    /// `scripts/matrix/` of this checkout.
    public static let folder = CommandRunner.repositoryRoot.appendingPathComponent("scripts/matrix")

    /// Runs `python folder/script arguments…` with `environment` added to this process's; kills it with
    /// SIGKILL when it outlives `timeout`. Output goes through files, not pipes: nothing can hold them open.
    public static func run(python: String, _ script: String, _ arguments: [String], environment: [String: String] = [:],
                           timeout: Duration = .seconds(90)) throws -> MatrixScriptOutput {
        let scratch = try TemporaryDirectory(prefix: "matrix-script")
        let outURL = scratch.appending("stdout"), errURL = scratch.appending("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [folder.appendingPathComponent(script).path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        try? out.close()
        try? err.close()
        let (seconds, attoseconds) = timeout.components
        if ended.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        return MatrixScriptOutput(status: process.terminationStatus, stdout: (try? Data(contentsOf: outURL)) ?? Data(),
                                  stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }
}
