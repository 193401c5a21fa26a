// What users run carries no test code: `snapterm` links neither TestSupport nor ScrollBench; the
// benchmarks are `snapterm-bench` with the same subcommands. Nor does it load the imaging libraries at start.
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

    #if arch(x86_64)  // elsewhere the imaging libraries link at start (no trampolines)
    @Test func snaptermDoesNotLoadTheImagingLibrariesAtStart() async throws {
        let dynamicSection = try await OffPool.run { try run("/usr/bin/readelf", ["-d", CommandRunner.binary.path]) }
        #expect(dynamicSection.stdout.contains("(NEEDED)"), "readelf listed no needed libraries: wrong binary?")
        for library in LazyLibrariesTests.imagingLibraries {
            // Only a `pkgConfig:` or `link` for it in Package.swift or a module map would link it again.
            #expect(!dynamicSection.stdout.contains("[\(library)"), "\(library) is loaded at every start")
        }
    }
    #endif

    /// Package.swift links `snapterm` with lld, packed relative relocations and no dynamic exports:
    /// the dynamic loader and the Swift runtime's start-up `dladdr` each walk less (BENCHMARKS.md).
    @Test func snaptermStartsWithPackedRelocationsAndFewExportedSymbols() async throws {
        let dynamicSection = try await OffPool.run { try run("/usr/bin/readelf", ["-d", CommandRunner.binary.path]) }
        #expect(dynamicSection.stdout.contains("(NEEDED)"), "readelf listed no needed libraries: wrong binary?")
        #expect(dynamicSection.stdout.contains("(RELR)"), "relative relocations are not packed")
        let symbols = try await OffPool.run { try run("/usr/bin/readelf", ["--dyn-syms", "-W", CommandRunner.binary.path]) }
        let exported = symbols.stdout.split(separator: "\n").filter { $0.contains(" GLOBAL ") && !$0.contains(" UND ") }
        #expect(exported.count < 1_000, "\(exported.count) symbols exported: every one is scanned at start")
    }

    @Test func snaptermBenchHasTheBenchmarkSubcommands() async throws {
        let bench = CommandRunner.binary.deletingLastPathComponent().appendingPathComponent("snapterm-bench").path
        let help = try await OffPool.run { try run(bench, ["--help"]) }
        #expect(help.status == 0)
        for command in ["loader", "imaging", "map", "render", "psnr", "scroll"] { #expect(help.stdout.contains(command)) }
        let snapterm = try await CommandRunner.run(["--help"])
        #expect(!String(decoding: snapterm.stdout, as: UTF8.self).contains("bench"))
    }
}
