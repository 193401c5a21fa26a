// The composer: every change is saved, attachments are URLs, a send is stored once and clears the draft.
import Foundation
import MessageStore
import SnaptermUI
import Testing

@MainActor
@Suite struct DraftComposerTests {
    @Test func typingIsSavedAsItHappens() throws {
        let fixture = try MessageFixture()
        let composer = fixture.composer()
        for character in "Hi 日本" { #expect(composer.edit(.character(character))) }
        #expect(try fixture.store.draft(for: fixture.conversation).text == "Hi 日本")
        #expect(composer.edit(.backspace))
        #expect(try fixture.store.draft(for: fixture.conversation).text == "Hi 日")
        #expect(fixture.composer().editor.text == "Hi 日", "a new composer (a restart) finds the text")
    }

    @Test func attachmentsAreSavedAndRemoved() throws {
        let fixture = try MessageFixture()
        let composer = fixture.composer()
        let photo = URL(string: "asset://?id=p-1&width=1280")!
        let place = URL(string: "map://?latitude=60&longitude=25")!
        composer.attach(photo)
        composer.attach(place)
        #expect(try fixture.store.draft(for: fixture.conversation).attachments == [photo, place])
        composer.removeAttachment()
        #expect(try fixture.store.draft(for: fixture.conversation).attachments == [photo])
    }

    @Test func sendingStoresOnceAndClearsTheDraft() throws {
        let fixture = try MessageFixture()
        let composer = fixture.composer()
        for character in "Look" { _ = composer.edit(.character(character)) }
        composer.attach(URL(string: "asset://?id=p-2&width=1280")!)
        let message = try #require(composer.send())
        #expect(message.text == "Look")
        #expect(composer.send() == nil, "an empty draft sends nothing")
        #expect(try fixture.store.messages(in: fixture.conversation).count == 1)
        #expect(try fixture.store.draft(for: fixture.conversation) == Draft())
        #expect(composer.editor.text.isEmpty && composer.attachments.isEmpty)
    }
}
