// EncryptedMediaURL and EncryptedMediaKeys: an encrypted attachment is shown by `emxc://server/id` — canonical like
// its `mxc://` ciphertext, never a thumbnail size, never carrying the key — and its key is found by that URL.
import Foundation
import Matrix
import SchemeLoader
import Testing

struct EncryptedMediaURLTests {
    @Test func theURLIsTheCiphertextsUnderItsOwnSchemeServerLowerCased() throws {
        let url = try EncryptedMediaURL(url: #require(URL(string: "EMXC://Example.ORG:8448/AbC_-1")))
        #expect(url.url.absoluteString == "emxc://example.org:8448/AbC_-1")
        #expect(url.media.url.absoluteString == "mxc://example.org:8448/AbC_-1")
    }

    @Test(arguments: ["emxc://example.org/a?width=32&height=32", "emxc://example.org/../a", "emxc://example.org/a/b",
                      "emxc://example.org/a%2Fb", "mxc://example.org/a", "emxc:///a", "emxc://exa mple.org/a"])
    func anythingElseIsATypedError(_ text: String) throws {
        guard let url = URL(string: text) else { return }  // not even a URL: nothing to load
        #expect(throws: LoadError.self) { try EncryptedMediaURL(url: url) }
    }

    @Test func aRegisteredKeyIsFoundByItsURLAndTheURLHoldsNoKey() throws {
        let keys = EncryptedMediaKeys()
        let attachment = try EncryptedAttachment(EncryptedAttachmentTests.file(url: "mxc://Example.org/abcDEF"))
        let url = keys.register(attachment)
        #expect(url.absoluteString == "emxc://example.org/abcDEF")
        #expect(!url.absoluteString.contains(EncryptedAttachmentTests.key))
        let found = try #require(keys.attachment(for: EncryptedMediaURL(url: url)))
        #expect(try found.decrypt(EncryptedAttachmentTests.ciphertext) == EncryptedAttachmentTests.clear)
        #expect(keys.attachment(for: try EncryptedMediaURL(url: #require(URL(string: "emxc://example.org/other")))) == nil)
    }
}
