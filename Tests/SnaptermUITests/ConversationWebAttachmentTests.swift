// A message whose attachment is an http URL loads it from the web and shows it in the conversation, like
// any other attachment URL.
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing
import Thumbnails

@MainActor
@Suite struct ConversationWebAttachmentTests {
    @Test func anHTTPAttachmentLoadsFromTheServerAndShowsInTheConversation() async throws {
        // Given a stored message whose attachment is a photo on a loopback web server
        let photo = try Data(contentsOf: FolderFixtures.photo)
        let server = try await TestHTTPServer(routes: ["/shared/photo.jpg": .respond(headers: [("Content-Type", "image/jpeg")], body: photo)])
        let fixture = try MessageFixture()
        _ = try fixture.store.receive(text: "look", attachments: [server.url("/shared/photo.jpg")],
                                      in: fixture.conversation, at: Date())
        let thumbnails = try SchemeLoader(handlers: [HTTPSchemeHandler(), ThumbnailSchemeHandler()])

        // When the conversation is shown with the real loaders
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store, loader: thumbnails,
                                        box: ThumbnailBox(columns: 16, rows: 4, mode: .symbols, colors: .truecolor))
        let area = CellRect(row: 1, column: 0, rows: 28, columns: 100)
        screen.layout(in: area)

        // Then the attachment is fetched once and drawn as a picture
        #expect(await UIFixtures.eventually { screen.placeholderCount == (0, 1) })
        let canvas = MemoryCanvas(rows: 30, columns: 100)
        let placed = screen.draw(on: canvas, area: area, options: DrawOptions())
        #expect(placed.count == 1)
        guard case .text(let art)? = placed.first?.picture else { Issue.record("expected text art"); return }
        #expect(art.count == 4)
        #expect(server.requestCount("/shared/photo.jpg") == 1)

        await thumbnails.shutdown()
        await server.stop()
    }
}
