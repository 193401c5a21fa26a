// AnimationFrameReplacementTests: an animation's next frame is drawn straight over the last in the same cells — no
// erase first (it would flash the picture blank on every frame) — while any other new picture there is erased first.
import Foundation
import SnaptermUI
import TerminalGraphics
import Testing

@MainActor @Suite struct AnimationFrameReplacementTests {
    private let rect = CellRect(row: 2, column: 0, rows: 4, columns: 8)

    private func frame(_ number: Int, inPlace: Bool) -> PlacedPicture {
        PlacedPicture(rect: rect, identity: "thumb://spinner frame \(number)", picture: .sixel(Data("\u{1B}Pq#\(number)\u{1B}\\".utf8)),
                      replacesInPlace: inPlace)
    }

    @Test func givenAFrameShownWhenTheNextReplacesItInPlaceThenItIsDrawnWithoutAnErase() {
        let placer = ImagePlacer()
        _ = placer.frame([frame(0, inPlace: true)])
        // When the next frame comes
        let next = placer.frame([frame(1, inPlace: true)])
        // Then it is sent, and nothing is erased
        #expect(next.report.sent == 1 && next.report.erased == 0 && next.erase.isEmpty)
        #expect(String(decoding: next.draw, as: UTF8.self).contains("#1"))
    }

    @Test func givenAPictureShownWhenAnotherTakesItsCellsThenTheyAreErasedFirst() {
        let placer = ImagePlacer()
        _ = placer.frame([frame(0, inPlace: false)])
        let next = placer.frame([frame(1, inPlace: false)])
        #expect(next.report.sent == 1 && next.report.erased == 1 && !next.erase.isEmpty)
        // And a picture that leaves is erased whatever it was
        #expect(placer.frame([]).report.erased == 1)
    }
}
