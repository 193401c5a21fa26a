// `snapterm render` draws HEIC, AVIF, TIFF and BMP files and URLs — by content: a HEIC served as
// `photo.jpg` with `Content-Type: image/jpeg` is drawn as the HEIC it is, a PDF named `.png` is refused
// naming the formats read —, and JPEG XL where libvips trusts its loader (else one line saying why).
import Foundation
import Imaging
import TestSupport
import Testing

@Suite(.serialized) struct RenderEveryFormatTests {
    static let good = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good")
    static let quadrants = [RGBA(red: 255, green: 0, blue: 0), RGBA(red: 0, green: 255, blue: 0),
                            RGBA(red: 0, green: 0, blue: 255), RGBA(red: 255, green: 255, blue: 255)]

    /// `snapterm render --output` of `source` (a path or URL) into a 64×48-pixel box; the PNG's
    /// quadrant colours, or the failed run.
    private func render(_ source: String) async throws -> (output: CommandOutput, quadrants: [RGBA]?) {
        let folder = try TemporaryDirectory()
        let png = folder.appending("out.png")
        let output = try await CommandRunner.run(["render", "--format", "sixel", "--cols", "8", "--rows", "3", "--cell-size", "8x16",
                                                  "--output", png.path, source],
                                                 environment: ["XDG_CACHE_HOME": folder.appending("cache").path])
        guard output.status == 0 else { return (output, nil) }
        let bitmap = try ImageProcessor().decode(try Data(contentsOf: png))
        let xs = [bitmap.width / 4, bitmap.width * 3 / 4], ys = [bitmap.height / 4, bitmap.height * 3 / 4]
        return (output, [bitmap[xs[0], ys[0]], bitmap[xs[1], ys[0]], bitmap[xs[0], ys[1]], bitmap[xs[1], ys[1]]])
    }

    private func close(_ found: [RGBA]?, _ expected: [RGBA]) -> Bool {
        guard let found else { return false }
        return zip(found, expected).allSatisfy { a, b in
            [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)].allSatisfy { abs(Int($0) - Int($1)) <= 12 }
        }
    }

    @Test(arguments: ["quadrants-64x48.heic", "quadrants-64x48.avif", "quadrants-64x48.tif", "quadrants-64x48-8bit.bmp",
                      "quadrants-64x48-24bit.bmp", "quadrants-64x48-32bit.bmp"])
    func aFileOfEachFormatRenders(name: String) async throws {
        let run = try await render(Self.good.appendingPathComponent(name).path)
        #expect(run.output.status == 0, "\(run.output.stderr)")
        #expect(close(run.quadrants, Self.quadrants), "\(name): \(String(describing: run.quadrants))")
    }

    @Test func jpegXLRendersOrSaysWhyNot() async throws {
        let run = try await render(Self.good.appendingPathComponent("quadrants-64x48.jxl").path)
        if run.output.status == 0 {
            #expect(close(run.quadrants, Self.quadrants))
        } else {
            #expect(run.output.stderr.contains("JPEG XL pictures cannot be read here"), "\(run.output.stderr)")
            #expect(run.output.stderr.contains("untrusted"))
        }
    }

    @Test func aURLIsReadByItsContentNotItsNameOrType() async throws {
        // Given a server whose photo.jpg is a HEIC, scan.png a TIFF and image.gif a BMP, each typed by its name,
        // and whose chart.png is a PDF
        let file = { (name: String) in try Data(contentsOf: Self.good.appendingPathComponent(name)) }
        let server = try await TestHTTPServer(routes: [
            "/photo.jpg": .respond(headers: [("Content-Type", "image/jpeg")], body: try file("quadrants-64x48.heic")),
            "/scan.png": .respond(headers: [("Content-Type", "image/png")], body: try file("quadrants-64x48.tif")),
            "/image.gif": .respond(headers: [("Content-Type", "image/gif")], body: try file("quadrants-64x48-24bit.bmp")),
            "/chart.png": .respond(headers: [("Content-Type", "image/png")], body: Data("%PDF-1.4\n1 0 obj << >> endobj\n".utf8)),
        ])
        // When each URL is rendered
        for path in ["/photo.jpg", "/scan.png", "/image.gif"] {
            let run = try await render(server.url(path).absoluteString)
            // Then the picture is drawn from what the bytes are
            #expect(run.output.status == 0, "\(path): \(run.output.stderr)")
            #expect(close(run.quadrants, Self.quadrants), "\(path): \(String(describing: run.quadrants))")
        }
        // And the PDF is refused, naming the formats read
        let pdf = try await render(server.url("/chart.png").absoluteString)
        #expect(pdf.output.status != 0)
        #expect(pdf.output.stderr.contains("not a JPEG, PNG, GIF, WebP, HEIC, AVIF, JPEG XL, TIFF or BMP picture"), "\(pdf.output.stderr)")
        await server.stop()
    }
}
