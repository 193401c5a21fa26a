// A draft attachment that failed says why, is not sent silently, and can be removed (x) or retried (R).
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct FailedDraftAttachmentTests {
    private let area = CellRect(row: 1, column: 0, rows: 40, columns: 100)
    private let broken = URL(string: "asset://?id=p-1&width=1280&rotate=90")!
    private let good = URL(string: "asset://?id=p-2&width=1280")!

    /// A conversation whose draft holds `attachments`; the thumbnail of `broken` fails.
    private func open(_ fixture: MessageFixture, attachments: [URL]) async throws -> ConversationScreen {
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 30, rows: 6))
        fixture.thumbnails.stub(screen.thumbnailURL(broken), with: MockResponse(
            data: Data(), error: .handlerFailed(scheme: "asset", reason: "the render ran out of memory")))
        let composer = fixture.composer()
        attachments.forEach(composer.attach)
        for character in "with photo" { _ = composer.edit(.character(character)) }
        screen.layout(in: area)
        let loaded = await UIFixtures.eventually { screen.loadingDraftAttachments == 0 }
        #expect(loaded)
        return screen
    }

    private func text(_ screen: ConversationScreen) -> String {
        let canvas = MemoryCanvas(rows: area.row + area.rows, columns: area.columns)
        _ = screen.draw(on: canvas, area: area, options: DrawOptions())
        return canvas.lines.joined(separator: "\n")
    }

    @Test func aFailedAttachmentSaysWhyAndTheDraftIsNotSent() async throws {
        // Given a draft whose photo failed to load
        let fixture = try MessageFixture()
        let screen = try await open(fixture, attachments: [broken])
        #expect(screen.failedAttachments.map(\.index) == [0])
        var shown = text(screen)
        #expect(shown.contains("✗ failed") && shown.contains("ran out of memory"), "the cell says why")
        #expect(shown.contains("1 ✗ x remove"))
        // When the user tries to send it
        _ = screen.handle(.character("i"))
        _ = screen.handle(.enter)
        // Then nothing is sent, the draft is kept, and the status line says why and what to do
        #expect(try fixture.store.messages(in: fixture.conversation).isEmpty)
        #expect(try fixture.store.draft(for: fixture.conversation).attachments == [broken])
        #expect(screen.composer.editor.text == "with photo")
        let notice = try #require(screen.notice)
        #expect(notice.contains("not sent") && notice.contains("attachment 1") && notice.contains("ran out of memory"))
        shown = text(screen)
        #expect(shown.contains("✗ not sent: attachment 1 failed"))
    }

    @Test func xRemovesTheFailedAttachmentAndTheRestIsSent() async throws {
        // Given a draft with a failed photo first and a good one second
        let fixture = try MessageFixture()
        let screen = try await open(fixture, attachments: [broken, good])
        #expect(screen.failedAttachments.map(\.index) == [0])
        // When x is pressed: the failed one goes, not the last one
        _ = screen.handle(.character("x"))
        #expect(try fixture.store.draft(for: fixture.conversation).attachments == [good])
        #expect(screen.failedAttachments.isEmpty)
        #expect(screen.notice?.contains("removed attachment 1") == true)
        // Then the draft sends, with the good photo
        _ = screen.handle(.character("i"))
        _ = screen.handle(.enter)
        let sent = try fixture.store.messages(in: fixture.conversation)
        #expect(sent.map(\.attachments) == [[good]])
        #expect(sent.map(\.text) == ["with photo"])
    }

    @Test func rRetriesAndARecoveredAttachmentIsSent() async throws {
        // Given a failed photo whose cause has gone away
        let fixture = try MessageFixture()
        let screen = try await open(fixture, attachments: [broken])
        let loadsBefore = fixture.thumbnails.loadCount(for: screen.thumbnailURL(broken))
        fixture.thumbnails.stub(screen.thumbnailURL(broken), with: MockResponse(data: MessageFixture.art.encoded))
        // When R is pressed
        _ = screen.handle(.character("R"))
        #expect(screen.notice == "retrying 1 attachment")
        // Then it loads again, shows, and the draft sends with it
        #expect(await UIFixtures.eventually { screen.placeholderCount == (0, 1) && screen.failedAttachments.isEmpty })
        #expect(fixture.thumbnails.loadCount(for: screen.thumbnailURL(broken)) == loadsBefore + 1)
        #expect(!text(screen).contains("✗"))
        _ = screen.handle(.character("i"))
        _ = screen.handle(.enter)
        #expect(try fixture.store.messages(in: fixture.conversation).map(\.attachments) == [[broken]])
        #expect(try fixture.store.draft(for: fixture.conversation) == Draft())
    }
}
