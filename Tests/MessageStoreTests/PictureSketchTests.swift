// The colour sketch a sender gives for a picture is kept in the database and comes back with every message that
// carries that picture.
import Foundation
import MessageStore
import TestSupport
import Testing

struct PictureSketchTests {
    @Test func aSketchComesBackWithTheMessagesCarryingItsPicture() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("messages.sqlite").path)
        let conversation = try store.createConversation(title: "Ada").id ?? 0
        let sketched = try #require(URL(string: "https://example.com/a.jpg"))
        let plain = try #require(URL(string: "https://example.com/b.jpg"))
        // Given a received message whose first picture came with a sketch
        try store.transaction { writes in
            try writes.setSketch("1x1:102030", for: sketched)
            _ = try writes.receive(text: "two", attachments: [sketched, plain], in: conversation, at: Date())
        }
        // When the conversation is read back, by this process and by another store on the same file
        for reader in [store, try MessageStore(path: folder.appending("messages.sqlite").path)] {
            let message = try #require(try reader.messages(in: conversation).first)
            // Then the sketch is there for its picture only, the attachments in order
            #expect(message.attachments == [sketched, plain])
            #expect(message.sketches == [sketched: "1x1:102030"])
        }
        // When the sender sends a newer sketch for the same picture
        try store.transaction { try $0.setSketch("1x1:405060", for: sketched) }
        // Then it replaces the old one
        #expect(try store.messages(in: conversation).first?.sketches[sketched] == "1x1:405060")
        #expect(try store.sketch(for: sketched) == "1x1:405060")
        #expect(try store.sketch(for: plain) == nil)
    }
}
