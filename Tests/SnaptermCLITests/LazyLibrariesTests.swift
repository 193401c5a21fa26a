// The imaging libraries are opened on first use, not at start (ShippedBinaryTests: the binary does not
// name them): `--version` and a cached `render` map none of them, a cold sixel render of a plain JPEG
// opens libjpeg only (not libvips, nor chafa; nor libsixel: Snapterm's sixel encoder is its own), so does a phone photo (an EXIF turn and an ICC profile,
// with lcms2), an opaque BMP none, a HEIC or AVIF libheif only and a TIFF libtiff only, one that needs libvips (CMYK)
// opens it, and what it draws is the same either way.
import Foundation
import TestSupport
import Testing

#if arch(x86_64)  // the trampolines are x86-64 only; elsewhere the libraries link at start

@Suite(.serialized) struct LazyLibrariesTests {
    static let imagingLibraries = ["libvips", "libsixel", "libchafa", "libcairo", "libglib", "libgobject", "libjpeg", "liblcms2", "libheif", "libtiff"]
    private let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")

    /// The shared libraries the dynamic loader opened while `snapterm arguments…` ran (`LD_DEBUG=files`).
    func librariesOpened(_ arguments: [String], folder: TemporaryDirectory) async throws -> (output: CommandOutput, libraries: Set<String>) {
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

    @Test func versionOpensNoImagingLibrary() async throws {
        let folder = try TemporaryDirectory()
        let run = try await librariesOpened(["--version"], folder: folder)
        #expect(run.output.status == 0)
        #expect(run.libraries.contains("libc"), "LD_DEBUG=files reported nothing: \(run.output.stderr.prefix(200))")
        #expect(run.libraries.isDisjoint(with: Self.imagingLibraries), "\(run.libraries.sorted())")
    }

    @Test func aColdSixelRenderOfAPlainJPEGOpensLibjpegOnlyAndASeenOneOpensNone() async throws {
        let folder = try TemporaryDirectory()
        let arguments = ["render", "--format", "sixel", "--cols", "30", "--rows", "10", "--cell-size", "8x16", photo.path]
        let cold = try await librariesOpened(arguments, folder: folder)
        #expect(cold.output.status == 0, "\(cold.output.stderr.suffix(300))")
        #expect(cold.output.stdout.starts(with: Data("\u{1B}P".utf8)))
        #expect(cold.libraries.contains("libjpeg"), "\(cold.libraries.sorted())")
        #expect(cold.libraries.isDisjoint(with: ["libvips", "libchafa", "libglib", "libsixel"]), "\(cold.libraries.sorted())")

        let seen = try await librariesOpened(arguments, folder: folder)
        #expect(seen.output.stdout == cold.output.stdout)
        #expect(seen.libraries.isDisjoint(with: Self.imagingLibraries), "\(seen.libraries.sorted())")
    }

    /// `snapterm render` of an Imaging fixture (Tests/Fixtures/imaging/…) into a 64×48 sixel box, cold.
    private func coldRender(fixture: String) async throws -> (output: CommandOutput, libraries: Set<String>) {
        let picture = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/\(fixture)")
        return try await librariesOpened(["render", "--format", "sixel", "--cols", "8", "--rows", "3", "--cell-size", "8x16", picture.path],
                                         folder: try TemporaryDirectory())
    }

    @Test func aColdRenderOfAPhonePhotoTurnedByEXIFWithAProfileOpensLibjpegAndLcmsNotLibvips() async throws {
        // Given a JPEG stored sideways (orientation 6) with an Adobe RGB profile, when it is rendered cold,
        // then libjpeg and lcms2 do it: libvips is never opened
        let run = try await coldRender(fixture: "good/phone-orientation-6-adobe-rgb.jpg")
        #expect(run.output.status == 0, "\(run.output.stderr.suffix(300))")
        #expect(run.output.stdout.starts(with: Data("\u{1B}P".utf8)))
        #expect(run.libraries.isSuperset(of: ["libjpeg", "liblcms2"]), "\(run.libraries.sorted())")
        #expect(run.libraries.isDisjoint(with: ["libvips", "libchafa", "libglib", "libsixel"]), "\(run.libraries.sorted())")
    }

    @Test func aColdRenderOfAnOpaqueBMPOpensNoImagingLibrary() async throws {
        // Given a 24-bit BMP, when it is rendered cold, then Imaging decodes and shrinks it alone
        let run = try await coldRender(fixture: "good/quadrants-64x48-24bit.bmp")
        #expect(run.output.status == 0, "\(run.output.stderr.suffix(300))")
        #expect(run.output.stdout.starts(with: Data("\u{1B}P".utf8)))
        #expect(run.libraries.isDisjoint(with: Self.imagingLibraries), "\(run.libraries.sorted())")
    }

    @Test(arguments: [("good/coffee-160x120.heic", "libheif"), ("good/coffee-160x120.avif", "libheif"),
                      ("good/coffee-160x120.tif", "libtiff"), ("good/orientation-6-adobe-rgb-128x96.tif", "libtiff")])
    func aColdRenderOfAHEICAVIFOrTIFFOpensItsOwnLibraryNotLibvips(fixture: String, library: String) async throws {
        // Given a HEIC, an AVIF or a TIFF, when it is rendered cold, then libheif or libtiff decodes it: libvips is never opened
        let run = try await coldRender(fixture: fixture)
        #expect(run.output.status == 0, "\(run.output.stderr.suffix(300))")
        #expect(run.output.stdout.starts(with: Data("\u{1B}P".utf8)))
        #expect(run.libraries.contains(library), "\(run.libraries.sorted())")
        #expect(run.libraries.isDisjoint(with: ["libvips", "libchafa", "libglib", "libsixel"]), "\(run.libraries.sorted())")
    }

    @Test func aPictureThatNeedsLibvipsOpensIt() async throws {
        let run = try await coldRender(fixture: "good/cmyk-128x96.jpg")  // CMYK: libvips' path
        #expect(run.output.status == 0, "\(run.output.stderr.suffix(300))")
        #expect(run.libraries.contains("libvips"), "\(run.libraries.sorted())")
        #expect(!run.libraries.contains("libchafa"), "\(run.libraries.sorted())")  // (libvips itself needs cairo)
    }
}
#endif
