// DebianPackageTests: scripts/package builds a .deb whose files sit where Debian looks, whose Depends
// names the libraries the binary links and opens lazily, and whose unpacked program runs from another
// folder with its man page and bash completion working. Nothing is installed on the machine: the
// package is unpacked with `dpkg-deb -x` into a temporary root.
//
// The suite builds a debug binary only; a release build would add ~15 minutes on 2 cores, so the test
// packages the debug binary (`--binary`, `--skip-unpackaged` for its Swift runtime under the toolchain,
// which a release build links statically) — the packaging steps are the same.
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-deb"), "needs dpkg-deb"),
       BuiltDebianPackage.once())
struct DebianPackageTests {
    private func shell(_ command: String) throws -> (status: Int32, output: String) {
        try Spawn.run("/bin/bash", ["-c", command])
    }

    @Test func givenThePackage_whenListed_thenEveryFileIsWhereDebianLooks() async throws {
        let built = try BuiltDebianPackage.forTest
        #expect(built.package.lastPathComponent.hasPrefix("snapterm_0.") && built.package.lastPathComponent.hasSuffix(".deb"))
        let listing = try await OffPool.run { try Spawn.run("/usr/bin/dpkg-deb", ["-c", built.package.path]) }
        let paths = Set(listing.output.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
        for path in ["./usr/bin/snapterm", "./usr/share/snapterm/maps/places.tsv", "./usr/share/snapterm/maps/world.mbtiles",
                     "./usr/share/snapterm/photos/manifest.json", "./usr/share/man/man1/snapterm.1.gz",
                     "./usr/share/bash-completion/completions/snapterm", "./usr/share/zsh/vendor-completions/_snapterm",
                     "./usr/share/fish/vendor_completions.d/snapterm.fish", "./usr/share/doc/snapterm/copyright",
                     "./usr/share/doc/snapterm/README.md", "./usr/share/doc/snapterm/maps-ATTRIBUTION.md",
                     "./usr/share/doc/snapterm/photos-ATTRIBUTION.md"] {
            #expect(paths.contains(path), "\(path) missing")
        }
        #expect(paths.allSatisfy { $0 == "./" || $0.hasPrefix("./usr/") }, "files outside /usr")
        #expect(listing.output.split(separator: "\n").allSatisfy { $0.contains(" root/root ") }, "files not owned by root")
        // Every folder readable by all (`dpkg-deb -x` gives its target the root entry's mode: 0700 locked others out)
        let folders = listing.output.split(separator: "\n").filter { $0.hasPrefix("d") }
        #expect(!folders.isEmpty && folders.allSatisfy { $0.hasPrefix("drwxr-xr-x ") }, "\(folders.prefix(3))")
        #expect(try FileManager.default.attributesOfItem(atPath: built.root.path)[.posixPermissions] as? Int == 0o755)
        let copyright = try String(contentsOf: built.root.appendingPathComponent("usr/share/doc/snapterm/copyright"), encoding: .utf8)
        for credit in ["GSHHG", "GeoNames", "OpenStreetMap", "ODbL-1.0", "CC-BY-4.0", "LGPL-3+", "GPL-2+", "swift-nio"] {
            #expect(copyright.contains(credit), "copyright lacks \(credit)")
        }
    }

    @Test func givenThePackage_whenReadingDepends_thenTheLinkedAndLazilyOpenedLibrariesAreThere() async throws {
        let built = try BuiltDebianPackage.forTest
        let field = try await OffPool.run { try Spawn.run("/usr/bin/dpkg-deb", ["-f", built.package.path, "Depends"]) }
        let depends = field.output.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let names = Set(depends.map { String($0.prefix { $0 != " " }) })
        // Linked (NEEDED) and opened on first use (CLazyLibraries): the latter are in no ELF header.
        for package in ["libc6", "libncursesw6", "libsqlite3-0", "libvips42", "libsixel1", "libchafa0", "libcairo2",
                        "libjpeg62-turbo", "liblcms2-2", "libheif1", "libtiff6", "libglib2.0-0"] {
            #expect(names.contains(package), "Depends lacks \(package): \(field.output)")
        }
        #expect(depends.contains { $0.hasPrefix("libvips42 (") }, "versions come from the shlibs files: \(field.output)")
        // The debug build's Swift runtime lives in the toolchain, outside any package: left out, said so.
        #expect(built.log.contains("no Debian package provides libswiftCore.so"), "\(built.log)")
    }

    @Test func givenTheUnpackedPackage_whenRunFromAnotherFolder_thenItFindsItsDataAndDrawsAMap() async throws {
        let built = try BuiltDebianPackage.forTest
        let elsewhere = built.folder.appending("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let run = try await OffPool.run {
            try shell("cd '\(elsewhere.path)' && PATH='\(built.root.path)/usr/bin:/usr/bin:/bin' HOME='\(elsewhere.path)' "
                      + "snapterm render --format ascii --cols 30 --rows 8 'map://?latitude=60.17&longitude=24.94&zoom=6'")
        }
        #expect(run.status == 0, "\(run.output)")
        let lines = run.output.split(separator: "\n")
        #expect((3...8).contains(lines.count) && lines.allSatisfy { $0.count <= 30 }, "\(run.output)")
    }

    @Test func givenTheUnpackedPackage_whenReadingItsManPage_thenCommandsKeysAndEnvironmentAreThere() async throws {
        let built = try BuiltDebianPackage.forTest
        let page = built.root.appendingPathComponent("usr/share/man/man1/snapterm.1.gz").path
        let man = try await OffPool.run { try shell("MANWIDTH=100 man -l '\(page)' 2>&1 | col -b") }
        #expect(man.status == 0, "\(man.output)")
        for text in ["SYNOPSIS", "render", "fetch", "browse", "KEYS", "ENVIRONMENT", "SNAPTERM_DATA", "COLORTERM", "EXIT STATUS"] {
            #expect(man.output.contains(text), "the man page lacks \(text)")
        }
        #expect(!man.output.contains("warning"), "\(man.output)")
    }

    @Test func givenTheUnpackedPackage_whenBashCompletes_thenTheSubcommandsAreOffered() async throws {
        let built = try BuiltDebianPackage.forTest
        let completion = built.root.appendingPathComponent("usr/share/bash-completion/completions/snapterm").path
        let bash = try await OffPool.run {
            try shell("""
                PATH='\(built.root.path)/usr/bin:/usr/bin:/bin'; source '\(completion)'; complete -p snapterm
                COMP_WORDS=(snapterm re); COMP_CWORD=1; COMP_LINE='snapterm re'; COMP_POINT=11
                "$(complete -p snapterm | sed -n 's/.*-F \\([^ ]*\\).*/\\1/p')" snapterm re snapterm; echo "offered: ${COMPREPLY[*]}"
                """)
        }
        #expect(bash.status == 0, "\(bash.output)")
        #expect(bash.output.contains("-F _snapterm snapterm"), "\(bash.output)")
        #expect(bash.output.contains("offered: render"), "\(bash.output)")
    }
}

/// The package built once for the suite, and the unpacked tree.
final class BuiltDebianPackage: Sendable {
    let folder: TemporaryDirectory
    let package: URL
    let root: URL
    let log: String

    init() throws {
        folder = try TemporaryDirectory(prefix: "snapterm-deb")
        let script = CommandRunner.repositoryRoot.appendingPathComponent("scripts/package").path
        let run = try Spawn.run("/bin/bash", [script, "--binary", CommandRunner.binary.path, "--output", folder.url.path, "--skip-unpackaged"])
        log = run.output
        guard run.status == 0 else { throw PackageTestError(description: "scripts/package failed: \(run.output)") }
        let debs = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".deb") }
        guard debs.count == 1 else { throw PackageTestError(description: "expected one .deb, found \(debs)") }
        package = folder.appending(debs[0])
        root = folder.appending("root")
        let unpacked = try Spawn.run("/usr/bin/dpkg-deb", ["-x", package.path, root.path])
        guard unpacked.status == 0 else { throw PackageTestError(description: "dpkg-deb -x failed: \(unpacked.output)") }
    }
}

extension BuiltDebianPackage {
    /// The package of the running suite.
    @TaskLocal static var current: BuiltDebianPackage?

    /// The package for a test of the suite.
    static var forTest: BuiltDebianPackage {
        get throws {
            guard let current else { throw PackageTestError(description: "no package: the suite runs without BuiltDebianPackage.once()") }
            return current
        }
    }

    /// Builds the package once for the whole suite and removes it (55 MB) when the suite's last test has run —
    /// a `static let` kept it in the temporary folder after every run. Built off the cooperative pool:
    /// scripts/package takes tens of seconds, which would hold one of its two threads.
    static func once() -> Once { Once() }

    struct Once: SuiteTrait, TestScoping {
        var isRecursive: Bool { false }

        func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
            let built = try await OffPool.run { try BuiltDebianPackage() }
            try await BuiltDebianPackage.$current.withValue(built) { try await function() }
        }
    }
}

struct PackageTestError: Error, CustomStringConvertible {
    let description: String
}
