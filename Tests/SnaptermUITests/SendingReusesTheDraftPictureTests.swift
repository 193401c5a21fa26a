// Sending a draft with an edited photo: the message stores the draft's attachment URL unchanged and the
// conversation shows the draft's cached thumbnail — the same thumbnail URL, no new render.
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct SendingReusesTheDraftPictureTests {
    @Test func theSentPictureIsTheDraftsCachedOne() async throws {
        // Given a draft with a rotated, filtered photo whose thumbnail has loaded
        let fixture = try MessageFixture()
        let area = CellRect(row: 1, column: 0, rows: 40, columns: 100)
        let photo = URL(string: "asset://?id=p-2&width=1280&rotate=90&filter=mono")!
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 16, rows: 4))
        fixture.composer().attach(photo)
        screen.layout(in: area)
        #expect(await UIFixtures.eventually { screen.loadingDraftAttachments == 0 })
        let draftThumbnail = screen.thumbnailURL(photo)
        #expect(fixture.thumbnails.loadCount(for: draftThumbnail) == 1)
        let loadsBefore = fixture.thumbnails.totalLoads

        // When it is sent
        _ = screen.handle(.character("i"))
        _ = screen.handle(.enter)

        // Then the stored message carries the very URL of the draft, once
        let messages = try fixture.store.messages(in: fixture.conversation)
        #expect(messages.map(\.attachments) == [[photo]])
        // and its row shows the same thumbnail URL, from memory, with no new load of any kind
        let list = try #require(screen.list)
        let row = list.rowCount - 1
        #expect(list.url(forRow: row) == draftThumbnail)
        #expect(list.cell(forRow: row)?.content == .image(data: MessageFixture.art.encoded, source: .memory))
        #expect(await UIFixtures.settled(fixture.state.loader))
        #expect(fixture.thumbnails.totalLoads == loadsBefore, "no render after the send")
        #expect(fixture.thumbnails.loadCount(for: draftThumbnail) == 1)
    }
}
