// A message whose picture came with a colour sketch shows the sketch, in the picture's colours, from the first frame
// its row is on screen — never a blank "loading" box — and the picture replaces it when it lands.
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct SketchStandInTests {
    private let area = CellRect(row: 1, column: 0, rows: 30, columns: 80)

    @Test func aSketchedPictureShowsItsSketchAtOnceAndThePictureWhenItLands() async throws {
        // Given thumbnails that wait until the test lets them through, and two received pictures, one with a red sketch
        let fixture = try MessageFixture()
        let gate = Gate()
        fixture.thumbnails.stubAll(with: MockResponse(data: MessageFixture.art.encoded, gate: gate))
        let red = try #require(URL(string: "https://example.com/red.jpg"))
        let plain = try #require(URL(string: "https://example.com/plain.jpg"))
        try fixture.store.transaction { writes in
            try writes.setSketch("2x1:e01010e01010", for: red)
            _ = try writes.receive(text: "red", attachments: [red], in: fixture.conversation, at: Date(timeIntervalSince1970: 1))
            _ = try writes.receive(text: "plain", attachments: [plain], in: fixture.conversation, at: Date(timeIntervalSince1970: 2))
        }
        // When the conversation opens
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.thumbnailLoader, box: fixture.state.box(columns: 16, rows: 4))
        screen.layout(in: area)
        let list = try #require(screen.list)
        // Then in the first frame the sketched row shows a preview (not a white spot), the other a placeholder
        let sketchedCell = try #require(list.cell(forRow: 0)), plainCell = try #require(list.cell(forRow: 1))
        #expect(sketchedCell.content.isPreview)
        #expect(plainCell.content.isPlaceholder)
        #expect(list.placeholderCount.placeholders == 1)
        // and the preview is text art in the sketch's red (24-bit colour 224;16;16)
        guard case .preview(let data) = sketchedCell.content else { Issue.record("no preview"); return }
        #expect(String(decoding: data, as: UTF8.self).contains("2;224;16;16"))

        // When the thumbnails arrive
        gate.open()
        // Then each row shows its picture
        #expect(await UIFixtures.eventually {
            if case .image = sketchedCell.content, case .image = plainCell.content { return true }
            return false
        })
    }
}
