// A damaged BMP is refused with one sentence in a process where libvips never started: Imaging's own
// BMP parser refuses it first, and nothing may then touch libvips' error buffer, whose lock only
// `vips_init` creates (once a SIGSEGV that took a whole folder gallery down).
import Foundation
import TestSupport
import Testing

struct DamagedBMPRenderTests {
    static let bad = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/bad")

    @Test(arguments: ["truncated-half.bmp", "truncated-header.bmp", "7-bits-per-pixel.bmp", "zero-width.bmp",
                      "negative-width.bmp", "palette-cut-short.bmp", "pixel-offset-inside-header.bmp",
                      "claims-100000x100000.bmp", "rle8.bmp"])
    func aDamagedBMPIsRefusedWithASentenceNotACrash(name: String) async throws {
        // Given a fresh process (libvips not started) and a damaged BMP
        let folder = try TemporaryDirectory()
        // When it is rendered
        let output = try await CommandRunner.run(["render", "--format", "ascii", "--cols", "20", "--rows", "6",
                                                  Self.bad.appendingPathComponent(name).path],
                                                 environment: ["XDG_CACHE_HOME": folder.appending("cache").path])
        // Then it exits with the command's failure status and one sentence, not a signal
        #expect(output.status == 1, "\(name): status \(output.status), \(output.stderr)")
        #expect(output.stderr.hasPrefix("snapterm: ") && output.stderr.split(separator: "\n").count == 1, "\(name): \(output.stderr)")
    }
}
