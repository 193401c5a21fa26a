// The draft's original size (`o`) is kept with its text and photos: a composer opened again — after a restart — finds
// the choice as it was left, and choosing the usual size again is kept the same way.
import Foundation
import MessageStore
import SnaptermUI
import Testing

@MainActor
@Suite struct DraftOriginalSizeSavedTests {
    @Test func theOriginalSizeChosenForADraftsPhotosIsThereAfterARestart() throws {
        // Given a draft with a photo and some text
        let fixture = try MessageFixture()
        let composer = fixture.composer()
        let photo = URL(string: "asset://?id=p-1&width=1280")!
        composer.attach(photo)
        _ = composer.edit(.character("A"))
        #expect(!fixture.composer().original)

        // When the original size is chosen
        composer.toggleOriginal()

        // Then it is saved with the draft, and a new composer (a restart) finds it with the photo and the text
        #expect(try fixture.store.draft(for: fixture.conversation).original)
        let reopened = fixture.composer()
        #expect(reopened.original && reopened.attachments == [photo] && reopened.editor.text == "A")
        #expect(reopened.draft == Draft(text: "A", attachments: [photo], original: true))

        // When the usual size is chosen again in that composer
        reopened.toggleOriginal()

        // Then that is what the next one finds
        #expect(try !fixture.store.draft(for: fixture.conversation).original)
        #expect(!fixture.composer().original)
    }

    @Test func aSentDraftLeavesNoOriginalSizeBehind() throws {
        // Given a draft with a photo at its original size
        let fixture = try MessageFixture()
        let composer = fixture.composer()
        composer.attach(URL(string: "asset://?id=p-2&width=1280")!)
        composer.toggleOriginal()

        // When it is sent
        #expect(composer.send() != nil)

        // Then the next draft goes at the usual size, in this composer and after a restart
        #expect(!composer.original)
        composer.attach(URL(string: "asset://?id=p-1&width=1280")!)
        #expect(try !fixture.store.draft(for: fixture.conversation).original)
        #expect(!fixture.composer().original)
    }
}
