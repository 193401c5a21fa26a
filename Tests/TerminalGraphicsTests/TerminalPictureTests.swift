// TerminalPictureTests: the cache blob of an encoded picture round-trips.
import Foundation
import TerminalGraphics
import Testing

@Suite struct TerminalPictureTests {
    @Test func encodedPicturesRoundTrip() {
        let sixel = TerminalPicture.sixel(Data("\u{1B}Pq#0~-\u{1B}\\".utf8))
        let text = TerminalPicture.text([Data("ab".utf8), Data(), Data("c".utf8)])
        #expect(TerminalPicture(encoded: sixel.encoded) == sixel)
        #expect(TerminalPicture(encoded: text.encoded) == text)
        #expect(TerminalPicture(encoded: Data("X".utf8)) == nil)
    }
}
