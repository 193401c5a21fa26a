// StandInPolicyTests: the one place that decides what a picture shows while it loads.
import Foundation
import Imaging
import TerminalGraphics
import Testing
import Thumbnails

@Suite struct StandInPolicyTests {
    private static let source = URL(fileURLWithPath: "/photos/cat.jpg")

    @Test func onlySixelPicturesGetATextArtPreviewInTheirCells() throws {
        let sixel = StandInPolicy(box: ThumbnailBox(columns: 16, rows: 4, cellWidth: 9, cellHeight: 18, mode: .sixel))
        let preview = try #require(sixel.previewURL(of: Self.source))
        let parsed = try ThumbnailURL(url: preview)
        #expect(parsed.source == Self.source)
        #expect(parsed.box == ThumbnailBox(columns: 16, rows: 4, cellWidth: 9, cellHeight: 18, mode: .symbols, colors: .truecolor))
        let embedded = try #require(sixel.previewURL(of: Self.source, fromEmbeddedThumbnail: true))
        #expect(try ThumbnailURL(url: embedded).fromEmbeddedThumbnail)
        for mode in [GraphicsMode.symbols, .kitty, .iterm] {
            let policy = StandInPolicy(box: ThumbnailBox(columns: 16, rows: 4, mode: mode))
            #expect(policy.previewURL(of: Self.source) == nil, "\(mode) pictures show the placeholder")
        }
    }

    @Test func aKeptSketchWinsOverTheBlurHashAndNeitherMeansNoStandIn() throws {
        let policy = StandInPolicy(box: ThumbnailBox(columns: 8, rows: 2, mode: .sixel))
        let red = "2x1:e01010e01010"
        let blurHash = try BlurHashSketch(hash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj", width: 400, height: 300).encoded
        let fromSketch = try #require(policy.standIn(sketch: red, blurHash: blurHash))
        #expect(String(decoding: fromSketch, as: UTF8.self).contains("2;224;16;16"), "the sketch's red, not the hash")
        let fromHash = try #require(policy.standIn(sketch: nil, blurHash: blurHash))
        guard case .text(let lines) = TerminalPicture(encoded: fromHash) else { Issue.record("not text art"); return }
        #expect(!lines.isEmpty && lines.count <= 2)
        #expect(policy.standIn(sketch: nil, blurHash: nil) == nil)
        #expect(policy.standIn(sketch: "not a sketch", blurHash: nil) == nil)
    }
}
