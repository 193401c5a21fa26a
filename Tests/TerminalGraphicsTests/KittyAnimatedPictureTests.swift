// KittyAnimatedPicture: the blob a kitty grid's animated thumbnail is cached as reads back to the same frames, gaps
// and cells, and anything else — a still picture's blob, a damaged or lying one — reads as nothing, never a crash.
import Foundation
import TerminalGraphics
import Testing

@Suite struct KittyAnimatedPictureTests {
    private let picture = KittyAnimatedPicture(frames: [Data("first".utf8), Data([0x89, 0x50, 0x3B, 0x2C]), Data("third".utf8)],
                                               gaps: [70, 150, 100], loopCount: 0, columns: 18, rows: 6)!

    @Test func aPictureReadsBackFromItsBlob() throws {
        let read = try #require(KittyAnimatedPicture(encoded: picture.encoded))
        #expect(read == picture)
        #expect(read.picture == .kitty(png: Data("first".utf8), columns: 18, rows: 6))
        #expect(read.laterFrames == KittyFrames(later: [.png(Data([0x89, 0x50, 0x3B, 0x2C])), .png(Data("third".utf8))],
                                                gaps: [70, 150, 100], loopCount: 0))
    }

    @Test func otherBlobsAreNotAnimations() {
        #expect(KittyAnimatedPicture(encoded: TerminalPicture.kitty(png: Data("png".utf8), columns: 2, rows: 2).encoded) == nil)
        #expect(KittyAnimatedPicture(encoded: Data()) == nil)
        let good = picture.encoded
        for damaged in [good.dropLast(), good + Data("x".utf8), Data("A18,6,0;70;5;first".utf8),  // one frame is no animation
                        Data("A18,6,0;70,150;5,9223372036854775807;first".utf8), Data("A18,6;70,150;5,1;firstx".utf8),
                        Data("A0,6,0;70,150;5,1;firstx".utf8), Data("A18,6,0;70;5,1;firstx".utf8), Data("A18,6,0;70,-1;5,1;firstx".utf8)] {
            #expect(KittyAnimatedPicture(encoded: Data(damaged)) == nil, "\(String(decoding: damaged, as: UTF8.self))")
        }
        #expect(KittyAnimatedPicture(frames: [Data()], gaps: [1], loopCount: 0, columns: 1, rows: 1) == nil)
    }
}
