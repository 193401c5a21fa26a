// IndependentSixelDecoder: sixel bytes back to pixels with ImageMagick — a decoder Snapterm did not write.
import Foundation
import Imaging

/// Decodes sixel with ImageMagick's `convert sixel:` (its own sixel reader, not libsixel's and not
/// Snapterm's), so a quality test measures what a terminal would show, not what the encoder believes.
public enum IndependentSixelDecoder {
    /// Why a sixel file could not be decoded.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with ImageMagick's own words.
        public let description: String
    }

    /// Whether ImageMagick's `convert` is installed (scripts/common.sh installs it).
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") }

    /// Decodes `sixel` (one DCS sequence) to RGBA; pixels the sixel left unpainted come out as ImageMagick
    /// paints them (colour register 0). Blocks for ImageMagick: call it off the cooperative pool.
    public static func decode(_ sixel: Data) throws -> Bitmap {
        let folder = try TemporaryDirectory(prefix: "snapterm-sixel-decode")
        let input = folder.appending("in.six"), output = folder.appending("out.png")
        try sixel.write(to: input)
        // PNG, not PPM or PAM: ImageMagick 6's sixel reader makes a 24-bit-deep image, which its PNM writers
        // turn into zeros at -depth 8; its PNG writer scales it right.
        let result = try Spawn.run("/usr/bin/convert", ["sixel:\(input.path)", "png:\(output.path)"])
        guard result.status == 0, let png = try? Data(contentsOf: output) else {
            throw Failure(description: "ImageMagick could not decode the sixel: \(result.output)")
        }
        do {
            return try ImageProcessor().decode(png)
        } catch {
            throw Failure(description: "the PNG ImageMagick made does not decode: \(error)")
        }
    }
}
