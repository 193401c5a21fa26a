// The imaging libraries are opened on first use, not at start: `--version` and a cached `render` map none
// of them, a cold sixel render opens libvips and libsixel but not chafa, and what it draws is the same either way.
import Foundation
import TestSupport
import Testing

#if arch(x86_64)  // the trampolines are x86-64 only; elsewhere the libraries link at start

@Suite(.serialized) struct LazyLibrariesTests {
    private static let imagingLibraries = ["libvips", "libsixel", "libchafa", "libcairo", "libglib", "libgobject"]
    private let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")

    /// The shared libraries the dynamic loader opened while `snapterm arguments…` ran (`LD_DEBUG=files`).
    private func librariesOpened(_ arguments: [String], folder: TemporaryDirectory) async throws -> (output: CommandOutput, libraries: Set<String>) {
        let environment = ["LD_DEBUG": "files", "XDG_CACHE_HOME": folder.appending("cache").path,
                           "SNAPTERM_FILE_ROOTS": CommandRunner.repositoryRoot.path, "TERM": "xterm-256color"]
        let output = try await CommandRunner.run(arguments, environment: environment)
        // "   1234:     file=libvips.so.42 [0];  needed by …" or "…;  dynamically loaded by …"
        let names = output.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != " " && $0 != ";" })
        }
        return (output, Set(names.map { $0.split(separator: ".").first.map(String.init) ?? $0 }))
    }

    @Test func theBinaryDoesNotNameTheImagingLibrariesAtStart() async throws {
        let dynamicSection = try await OffPool.run { () throws -> String in
            let readelf = Process()
            readelf.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
            readelf.arguments = ["-d", CommandRunner.binary.path]
            let out = Pipe()
            readelf.standardOutput = out
            try readelf.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            readelf.waitUntilExit()
            return text
        }
        #expect(dynamicSection.contains("(NEEDED)"), "readelf listed no needed libraries: wrong binary?")
        for library in Self.imagingLibraries {
            // Only a `pkgConfig:` or `link` for it in Package.swift or a module map would link it again.
            #expect(!dynamicSection.contains("[\(library)"), "\(library) is loaded at every start")
        }
    }

    @Test func versionOpensNoImagingLibrary() async throws {
        let folder = try TemporaryDirectory()
        let run = try await librariesOpened(["--version"], folder: folder)
        #expect(run.output.status == 0)
        #expect(run.libraries.contains("libc"), "LD_DEBUG=files reported nothing: \(run.output.stderr.prefix(200))")
        #expect(run.libraries.isDisjoint(with: Self.imagingLibraries), "\(run.libraries.sorted())")
    }

    @Test func aColdSixelRenderOpensLibvipsAndLibsixelNotChafaAndASeenOneOpensNone() async throws {
        let folder = try TemporaryDirectory()
        let arguments = ["render", "--format", "sixel", "--cols", "30", "--rows", "10", "--cell-size", "8x16", photo.path]
        let cold = try await librariesOpened(arguments, folder: folder)
        #expect(cold.output.status == 0, "\(cold.output.stderr.suffix(300))")
        #expect(cold.output.stdout.starts(with: Data("\u{1B}P".utf8)))
        #expect(cold.libraries.isSuperset(of: ["libvips", "libsixel"]))
        #expect(!cold.libraries.contains("libchafa"), "\(cold.libraries.sorted())")  // (libvips itself needs cairo)

        let seen = try await librariesOpened(arguments, folder: folder)
        #expect(seen.output.stdout == cold.output.stdout)
        #expect(seen.libraries.isDisjoint(with: Self.imagingLibraries), "\(seen.libraries.sorted())")
    }
}
#endif
