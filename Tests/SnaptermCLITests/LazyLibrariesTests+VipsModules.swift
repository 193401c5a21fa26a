// libvips' loadable modules open only when a picture needs one: a cold render of a WebP or a TIFF (built
// into libvips) opens none, one of a HEIC or an AVIF opens the HEIF module — and never ImageMagick's,
// Poppler's or OpenSlide's, not even for a file libvips would hand to them.
import Foundation
import TestSupport
import Testing

#if arch(x86_64)

extension LazyLibrariesTests {
    @Test func onlyAPictureThatNeedsALibvipsModuleOpensOneAndOnlyItsOwn() async throws {
        let good = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good")
        let pdf = try TemporaryDirectory()
        try Data("%PDF-1.4\n1 0 obj << >> endobj\n".utf8).write(to: pdf.appending("scan.png"))
        for (file, module) in [(good.appendingPathComponent("quadrants-32x24.webp"), nil), (good.appendingPathComponent("quadrants-64x48.tif"), nil),
                               (pdf.appending("scan.png"), nil),
                               (good.appendingPathComponent("quadrants-64x48.heic"), "vips-heif.so"),
                               (good.appendingPathComponent("quadrants-64x48.avif"), "vips-heif.so")] as [(URL, String?)] {
            // When a cold sixel render draws it
            let folder = try TemporaryDirectory()
            let run = try await librariesOpened(["render", "--format", "sixel", "--cols", "10", "--rows", "4", "--cell-size", "8x16", file.path],
                                                folder: folder)
            // Then the modules opened are its own, if any
            let files = run.output.stderr.split(separator: "\n").compactMap { $0.split(separator: "file=").dropFirst().first?.split(separator: " ").first }
            let opened = Set(files.filter { $0.contains("/vips-modules") }.compactMap { $0.split(separator: "/").last.map(String.init) })
            #expect(opened == Set([module].compactMap { $0 }), "\(file.lastPathComponent): \(opened)")
            #expect((run.output.status == 0) == (file.lastPathComponent != "scan.png"), "\(run.output.stderr.suffix(300))")
        }
    }
}
#endif
