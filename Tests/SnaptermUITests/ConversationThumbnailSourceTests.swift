// A conversation's photo thumbnail asks the asset handler for a box-sized render, not the attachment's full size.
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing
import Thumbnails

@MainActor
@Suite struct ConversationThumbnailSourceTests {
    private let area = CellRect(row: 1, column: 0, rows: 28, columns: 100)
    private let box = ThumbnailBox(columns: 16, rows: 4, cellWidth: 8, cellHeight: 16, mode: .sixel)
    private let attachment = URL(string: "asset://?id=p-1&width=1280&filter=sepia&rotate=90")!

    private func source(of thumbnail: URL?) throws -> AssetURL {
        try AssetURL(url: try ThumbnailURL(url: try #require(thumbnail)).source)
    }

    @Test func aPhotoThumbnailAndItsPreviewShareOneBoxSizedRender() throws {
        // Given a conversation whose thumbnails are 16 × 4 cells of 8 × 16 pixels (128 × 60 px)
        let fixture = try MessageFixture()
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: box)
        // When the thumbnail and the preview of a 1280-px attachment are asked for
        let full = try source(of: screen.thumbnailURL(attachment))
        let preview = try source(of: screen.previewURL(attachment))
        // Then both encode the same photo, with the same edits, rendered to fit the box
        #expect(full.id == "p-1" && full.filter == .sepia && full.rotate == 90 && full.mode == .fit)
        #expect(full.width == 128 && full.height == 60)
        #expect(preview == full, "one decode serves the preview and the sixel")
    }

    @Test func aFilledRenderKeepsItsShapeAndSmallRendersAndOtherSchemesAreLeftAlone() throws {
        // Given a filled 1280 × 720 render, a render smaller than the box, and a map
        let filled = URL(string: "asset://?id=p-1&width=1280&height=720&mode=fill")!
        let small = URL(string: "asset://?id=p-1&width=100")!
        let map = URL(string: "map://?lat=60.17&lon=24.94&zoom=12&width=320&height=200")!
        // When each is made the source of a 128 × 60 px thumbnail
        let sizedFill = try AssetURL(url: ThumbnailSource.boxSized(filled, for: box))
        // Then the filled render is scaled whole (same 16:9 shape, inside the box); the others are untouched
        #expect(sizedFill.mode == .fill && sizedFill.width == 107 && sizedFill.height == 60)
        #expect(ThumbnailSource.boxSized(small, for: box) == small)
        #expect(ThumbnailSource.boxSized(map, for: box) == map)
    }

    @Test func theSentMessageKeepsTheFullSizeAttachmentAndTheDraftsThumbnail() async throws {
        // Given a draft with a 1280-px photo whose (box-sized) thumbnail has loaded
        let fixture = try MessageFixture()
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 16, rows: 4))
        fixture.composer().attach(attachment)
        screen.layout(in: area)
        #expect(await UIFixtures.eventually { screen.placeholderCount == (0, 1) })
        let draftThumbnail = screen.thumbnailURL(attachment)
        // When it is sent
        _ = screen.handle(.character("i"))
        #expect(screen.handle(.enter) == .none)
        // Then the message stores the attachment as attached, and its row shows the draft's cached thumbnail
        let sent = try #require(try fixture.store.messages(in: fixture.conversation).last)
        #expect(sent.attachments == [attachment])
        let list = try #require(screen.list)
        let cell = try #require(list.cell(forRow: list.rowCount - 1))
        #expect(cell.url == draftThumbnail)
        #expect(cell.content == .image(data: MessageFixture.art.encoded, source: .memory))
        #expect(try source(of: draftThumbnail).width == fixture.state.box(columns: 16, rows: 4).pixelSize.width)
    }
}
