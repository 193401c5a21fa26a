// What users run carries no test code: `snapterm` links neither TestSupport nor ScrollBench; the
// benchmarks are `snapterm-bench` with the same subcommands.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/nm"), "needs nm (binutils)"))
struct ShippedBinaryTests {
    private func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func snaptermHasNoTestSupportOrScrollBenchSymbols() async throws {
        let binary = CommandRunner.binary.path
        let symbols = try await OffPool.run { try run("/usr/bin/nm", [binary]) }
        #expect(symbols.status == 0)
        #expect(symbols.stdout.contains("8snapterm"), "nm listed no snapterm symbols: wrong binary?")
        // Swift mangles a module name as its length and name: 11TestSupport, 11ScrollBench
        #expect(!symbols.stdout.contains("11TestSupport"))
        #expect(!symbols.stdout.contains("11ScrollBench"))
    }

    @Test func snaptermBenchHasTheBenchmarkSubcommands() async throws {
        let bench = CommandRunner.binary.deletingLastPathComponent().appendingPathComponent("snapterm-bench").path
        let help = try await OffPool.run { try run(bench, ["--help"]) }
        #expect(help.status == 0)
        for command in ["loader", "imaging", "map", "render", "psnr", "scroll"] { #expect(help.stdout.contains(command)) }
        let snapterm = try CommandRunner.run(["--help"])
        #expect(!String(decoding: snapterm.stdout, as: UTF8.self).contains("bench"))
    }
}
