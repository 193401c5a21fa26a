// Every picture of the conversation — message rows and draft attachments — stays inside the screen
// area at every width and height, including screens narrower or shorter than one thumbnail.
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct ConversationPicturesStayInsideTests {
    @Test func picturesStayInsideTheAreaAtEverySize() async throws {
        // Given messages with photos and a draft with three attachments, all loaded
        let fixture = try MessageFixture()
        let photo = URL(string: "asset://?id=p-1&width=1280")!
        for index in 0..<4 {
            try fixture.store.receive(text: "photo \(index)", attachments: [photo], in: fixture.conversation, at: Date())
        }
        let composer = fixture.composer()
        for id in ["p-1", "p-2", "p-3"] { composer.attach(URL(string: "asset://?id=\(id)&width=1280")!) }
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 16, rows: 4))
        screen.layout(in: CellRect(row: 1, column: 0, rows: 40, columns: 120))
        #expect(await UIFixtures.eventually { screen.loadingDraftAttachments == 0 && screen.placeholderCount.placeholders == 0 })
        // When it is laid out and drawn at every size
        var drawn = 0
        for (columns, rows) in (1...60).map({ ($0, 40) }) + (1...45).map({ (120, $0) }) {
            let area = CellRect(row: 1, column: 0, rows: rows, columns: columns)
            screen.layout(in: area)
            let canvas = MemoryCanvas(rows: rows + 2, columns: columns)
            let pictures = screen.draw(on: canvas, area: area, options: DrawOptions())
            drawn += pictures.count
            // Then no picture reaches outside the area
            for picture in pictures {
                let rect = picture.rect
                #expect(rect.row >= area.row && rect.row + rect.rows <= area.row + area.rows
                        && rect.column >= area.column && rect.column + rect.columns <= area.column + area.columns,
                        "\(columns)x\(rows): \(rect)")
            }
        }
        #expect(drawn > 0, "pictures were drawn at the sizes where they fit")
    }
}
