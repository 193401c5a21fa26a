// The message screens: picker edits change only the URL, a sent picture shows at once, text is escaped.
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct MessageScreenTests {
    private let area = CellRect(row: 1, column: 0, rows: 28, columns: 100)

    @Test func editingAPhotoChangesOnlyItsURL() throws {
        let fixture = try MessageFixture()
        let composer = fixture.composer()
        let picker = PhotoPickerScreen(photos: MessageFixture.photos, composer: composer, loader: fixture.state.loader,
                                       box: fixture.state.box(columns: 18, rows: 5), previewBox: fixture.state.box(columns: 1, rows: 1))
        picker.layout(in: area)
        #expect(picker.handle(.right) == .none)
        #expect(picker.handle(.enter) == .none)
        #expect(picker.editing?.id == "p-2")
        _ = picker.handle(.character("r"))
        _ = picker.handle(.character("f"))
        _ = picker.handle(.character("f"))
        _ = picker.handle(.character("c"))
        #expect(picker.handle(.enter) == .pop)
        let attached = try #require(try fixture.store.draft(for: fixture.conversation).attachments.first)
        let url = try AssetURL(url: attached)
        #expect(url.id == "p-2")
        #expect(url.rotate == 90)
        #expect(url.filter == .sepia)
        #expect(url.crop == .centreSquare)
    }

    @Test func aSentPictureShowsAtOnceFromTheMemoryCache() async throws {
        let fixture = try MessageFixture()
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 16, rows: 4))
        fixture.composer().attach(URL(string: "asset://?id=p-1&width=1280")!)
        screen.layout(in: area)
        #expect(await UIFixtures.eventually { screen.placeholderCount == (0, 1) }, "the draft's thumbnail loaded")
        let loadsBefore = fixture.thumbnails.totalLoads
        #expect(screen.handle(.character("i")) == .none)
        for character in "Sent!" { _ = screen.handle(.character(character)) }
        #expect(screen.handle(.enter) == .none)
        let list = try #require(screen.list)
        let sentRow = list.rowCount - 1
        let cell = try #require(list.cell(forRow: sentRow))
        #expect(cell.content == .image(data: MessageFixture.art.encoded, source: .memory), "drawn at bind time, no placeholder")
        #expect(fixture.thumbnails.totalLoads == loadsBefore)
        #expect(try fixture.store.messages(in: fixture.conversation).map(\.text) == ["Sent!"])
        #expect(screen.composer.attachments.isEmpty)
    }

    @Test func hostileMessageTextIsShownEscaped() throws {
        let fixture = try MessageFixture()
        try fixture.store.receive(text: "hi \u{1B}]0;pwned\u{07} there \u{1B}[2J", in: fixture.conversation, at: Date())
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 16, rows: 4))
        let canvas = MemoryCanvas(rows: 30, columns: 100)
        screen.layout(in: area)
        _ = screen.draw(on: canvas, area: area, options: DrawOptions())
        let text = canvas.lines.joined(separator: "\n")
        #expect(text.contains("hi ^[]0;pwned^G there ^[[2J"))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test func aLocationIsAttachedAsAMapURL() throws {
        let fixture = try MessageFixture()
        let picker = LocationPickerScreen(places: MessageFixture.places, composer: fixture.composer(),
                                          loader: fixture.state.loader, previewBox: fixture.state.box(columns: 1, rows: 1))
        picker.layout(in: area)
        for character in "hob" { _ = picker.handle(.character(character)) }
        #expect(picker.matches.map(\.name) == ["Hobart"])
        #expect(picker.handle(.enter) == .pop)
        let attached = try #require(try fixture.store.draft(for: fixture.conversation).attachments.first)
        let map = try MapSnapshotURL(url: attached)
        #expect(map.latitude == -42.88 && map.longitude == 147.33)
    }

    @Test func theDemoSeedsConversationsOnlyOnce() throws {
        let fixture = try MessageFixture()
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("demo.sqlite").path)
        let file = URL(fileURLWithPath: "/tmp/grace.jpg")
        try DemoConversations.seedIfEmpty(store, photoID: { "id-" + $0 }, fileImage: file)
        try DemoConversations.seedIfEmpty(store, photoID: { "id-" + $0 }, fileImage: file)
        let summaries = try store.conversations()
        #expect(summaries.count == 3)
        let urls = try summaries.flatMap { try store.messages(in: $0.id) }.flatMap(\.attachments)
        #expect(urls.contains(file))
        #expect(urls.contains { $0.scheme == "map" })
        #expect(urls.contains { $0.scheme == "asset" })
        _ = fixture
    }
}
