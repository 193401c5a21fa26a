// StoredAttachmentKeysTests: an encrypted picture a sync stored is shown by its key-free emxc:// URL, and the decrypt
// stage finds its key in the stored message — also in a new process (a restart), which has read no message yet.
import Foundation
import Matrix
import MessageStore
import TestSupport
import Testing

@Suite struct StoredAttachmentKeysTests {
    @Test func givenASyncedEncryptedPicture_whenANewProcessAsksForItsKey_thenTheStoredMessageGivesIt() throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        do {
            let store = try MessageStore(path: path)
            let sync = try SyncFixture.timeline()
            try store.applyMatrixSync(SyncTranslation.updates(sync), since: sync.nextBatch, account: "@alice:localhost")
        }
        // Given a store opened afresh, as after a restart, and keys that have had nothing registered
        let keys = EncryptedMediaKeys(store: try MessageStore(path: path))
        let shown = try EncryptedMediaURL(url: URL(string: "emxc://localhost/enc")!)
        // Then the picture's attachment comes from the stored `file`: its ciphertext URL and media type
        let attachment = try #require(keys.attachment(for: shown))
        #expect(attachment.media.url.absoluteString == "mxc://localhost/enc")
        #expect(attachment.mimeType == "image/png")
        // and an emxc:// URL no stored message has stays unknown
        #expect(keys.attachment(for: try EncryptedMediaURL(url: URL(string: "emxc://localhost/other")!)) == nil)
        #expect(EncryptedMediaKeys().attachment(for: shown) == nil, "keys without a store know only what was registered")
    }
}
