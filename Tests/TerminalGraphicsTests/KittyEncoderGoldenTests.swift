// KittyEncoderGoldenTests: byte-level goldens of kitty transmit (chunked), place, move, delete, free, and iTerm2's inline image.
import Foundation
import TerminalGraphics
import Testing

@Suite struct KittyEncoderGoldenTests {
    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func aSmallPNGIsOneChunkWithItsIdAndNoReplies() {
        // Given five bytes ("hello" → base64 aGVsbG8=)
        let bytes = KittyGraphics.transmit(id: 4242, payload: .png(Data("hello".utf8)))
        #expect(text(bytes) == "\u{1B}_Ga=t,t=d,f=100,i=4242,q=2,m=0;aGVsbG8=\u{1B}\\")
    }

    @Test func rawRGBACarriesItsSize() {
        let bytes = KittyGraphics.transmit(id: 7, payload: .rgba(Data([255, 0, 0, 255]), width: 1, height: 1))
        #expect(text(bytes) == "\u{1B}_Ga=t,t=d,f=32,s=1,v=1,i=7,q=2,m=0;/wAA/w==\u{1B}\\")
    }

    @Test func aLargePayloadIsChunkedAt4096WithMOneThenZero() throws {
        // Given 6,000 bytes → 8,000 base64 characters → chunks of 4096 and 3904
        let payload = Data((0..<6000).map { UInt8($0 % 251) })
        let bytes = text(KittyGraphics.transmit(id: 9, payload: .png(payload)))
        let commands = bytes.components(separatedBy: "\u{1B}\\").dropLast()
        #expect(commands.count == 2)
        let first = try #require(commands.first), last = try #require(commands.last)
        #expect(first.hasPrefix("\u{1B}_Ga=t,t=d,f=100,i=9,q=2,m=1;"))
        #expect(last.hasPrefix("\u{1B}_Gq=2,m=0;"))
        let chunks = commands.map { String($0.split(separator: ";", maxSplits: 1)[1]) }
        #expect(chunks.map(\.count) == [4096, 3904])
        #expect(Data(base64Encoded: chunks.joined()) == payload)
    }

    @Test func placeMoveDeleteAndFree() {
        #expect(text(KittyGraphics.place(id: 12, placement: 1, columns: 26, rows: 6))
            == "\u{1B}_Ga=p,i=12,p=1,c=26,r=6,C=1,q=2\u{1B}\\")
        // Moving is placing the same placement id again elsewhere: the terminal replaces it
        #expect(KittyGraphics.place(id: 12, placement: 1, columns: 26, rows: 6) == KittyGraphics.place(id: 12, placement: 1, columns: 26, rows: 6))
        #expect(text(KittyGraphics.deletePlacement(id: 12, placement: 1)) == "\u{1B}_Ga=d,d=i,i=12,p=1,q=2\u{1B}\\")
        #expect(text(KittyGraphics.free(id: 12)) == "\u{1B}_Ga=d,d=I,i=12,q=2\u{1B}\\")
        #expect(text(KittyGraphics.placeVirtual(id: 12, columns: 26, rows: 6)) == "\u{1B}_Ga=p,U=1,i=12,c=26,r=6,q=2\u{1B}\\")
    }

    @Test func displayForOneShotOutputHasNoIdAndMovesTheCursor() {
        #expect(text(KittyGraphics.display(payload: .png(Data("hello".utf8)), columns: 30, rows: 10))
            == "\u{1B}_Ga=T,t=d,f=100,c=30,r=10,q=2,m=0;aGVsbG8=\u{1B}\\")
    }

    @Test func iTermInlineImageGolden() {
        #expect(text(ITermImage.inline(Data("hello".utf8), columns: 26, rows: 6))
            == "\u{1B}]1337;File=inline=1;width=26c;height=6r;preserveAspectRatio=1:aGVsbG8=\u{07}")
    }

    @Test func kittyAndITermPicturesRoundTripThroughTheCacheBlob() {
        let kitty = TerminalPicture.kitty(png: Data([0x89, 0x50, 0x4E, 0x47, 0x3B, 0x0A]), columns: 26, rows: 6)
        let iterm = TerminalPicture.iterm(ITermImage.inline(Data("x".utf8), columns: 2, rows: 1))
        #expect(TerminalPicture(encoded: kitty.encoded) == kitty)
        #expect(TerminalPicture(encoded: iterm.encoded) == iterm)
        #expect(TerminalPicture(encoded: Data("K0,6;".utf8)) == nil)
        #expect(TerminalPicture(encoded: Data("Kab".utf8)) == nil)
    }

    @Test func theEncoderMakesAPNGOfTheBoxForKittyAndITerm() throws {
        let bitmap = TestImages.card(width: 48, height: 32)
        let geometry = try CellGeometry(imageWidth: 48, imageHeight: 32, columns: 6, rows: 2, cellWidth: 8, cellHeight: 16, mode: .kitty)
        guard case .kitty(let png, let columns, let rows) = try PictureEncoder().encode(bitmap, geometry: geometry, mode: .kitty) else {
            Issue.record("not a kitty picture"); return
        }
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && columns == 6 && rows == 2)
        guard case .iterm(let sequence) = try PictureEncoder().encode(bitmap, geometry: geometry, mode: .iterm) else {
            Issue.record("not an iTerm2 picture"); return
        }
        #expect(text(sequence).hasPrefix("\u{1B}]1337;File=inline=1;width=6c;height=2r;preserveAspectRatio=1:iVBORw0KGgo"))
        #expect(sequence.last == 0x07)
    }

    @Test func anAnimationFramesLaterChunksSayItIsAFrame() {
        // Given a frame of more than one chunk (4,096 bytes of base64)
        let frames = KittyFrames(later: [.png(Data(repeating: 7, count: 6000))], gaps: [100, 100], loopCount: 0)
        let commands = String(decoding: KittyAnimation.addFrames(id: 5, frames), as: UTF8.self).components(separatedBy: "\u{1B}\\")
        // Then its first chunk and every later one carry a=f (kitty takes a chunk without it for another image's)
        let chunks = commands.filter { $0.contains(";") }
        #expect(chunks.count == 2)
        #expect(chunks[0].hasPrefix("\u{1B}_Ga=f,t=d,f=100,i=5,z=100,q=2,m=1;"))
        #expect(chunks[1].hasPrefix("\u{1B}_Ga=f,q=2,m=0;"))
    }
}
