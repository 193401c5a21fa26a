// A conversation list row's thumbnail, where the room has no avatar, is the first picture of the conversation's newest
// message with pictures — read for every conversation in one query, the same answer reading all messages gave.
import Foundation
import MessageStore
import TestSupport
import Testing

struct NewestPicturesTests {
    @Test func eachConversationGivesTheFirstPictureOfItsNewestMessageWithPictures() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("messages.sqlite").path)
        let photos = try store.createConversation(title: "Ada").id ?? 0
        let words = try store.createConversation(title: "Bo").id ?? 0
        let ties = try store.createConversation(title: "Cy").id ?? 0
        func url(_ name: String) throws -> URL { try #require(URL(string: "https://example.com/\(name).jpg")) }
        let noon = Date(timeIntervalSince1970: 1_800_000_000)
        // Given pictures in older and newer messages, a newer message with text only, a conversation without pictures,
        // and two messages with pictures at the same second
        try store.transaction { writes in
            _ = try writes.receive(text: "old", attachments: [try url("old")], in: photos, at: noon)
            _ = try writes.receive(text: "new", attachments: [try url("new-first"), try url("new-second")], in: photos,
                                   at: noon.addingTimeInterval(60))
            _ = try writes.receive(text: "words after", attachments: [], in: photos, at: noon.addingTimeInterval(120))
            _ = try writes.receive(text: "only words", attachments: [], in: words, at: noon)
            _ = try writes.receive(text: "first", attachments: [try url("tie-first")], in: ties, at: noon)
            _ = try writes.receive(text: "second", attachments: [try url("tie-second")], in: ties, at: noon)
        }
        // When the newest pictures are asked for
        let newest = try store.newestPictures()
        // Then each is the answer of reading every message (the later of two at the same time), none for words alone
        #expect(newest == [photos: try url("new-first"), ties: try url("tie-second")])
        for conversation in [photos, words, ties] {
            #expect(newest[conversation] == (try store.messages(in: conversation).last { !$0.attachments.isEmpty }?.attachments.first))
        }
    }
}
