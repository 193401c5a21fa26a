// SyncStoreTests: a recorded `/sync` written into the message store — rooms as conversations (titles, unread
// counts, avatars, invites, newest first), events as messages once each, edits, redactions and reactions applied,
// the token kept; the demo conversations stay.
import Foundation
import Matrix
import MessageStore
import TestSupport
import Testing

@Suite struct SyncStoreTests {
    private let account = "@alice:localhost"

    @Test func givenARecordedSync_whenStoredTwice_thenEveryEventIsOneRowAndTheTokenIsKept() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let sync = try SyncFixture.timeline()
        let first = try store.applyMatrixSync(SyncTranslation.updates(sync), since: sync.nextBatch, account: account)
        let trip = try #require(try store.conversationID(ofRoom: "!trip", account: account))
        let once = try store.messages(in: trip)

        let second = try store.applyMatrixSync(SyncTranslation.updates(sync), since: sync.nextBatch, account: account)

        #expect(try store.messages(in: trip) == once)
        #expect(once.count == 9)
        #expect(first.first { $0.conversationID == trip }?.newMessagesFromOthers == 8, "all but the account's own reply")
        #expect(second.allSatisfy { $0.newMessagesFromOthers == 0 }, "nothing new the second time")
        #expect(try store.matrixSyncToken(account: account) == "s7_timeline")
        #expect(try store.matrixSyncToken(account: "@someone-else:localhost") == nil)
    }

    @Test func givenStoredRooms_whenListed_thenNewestFirstWithTitlesUnreadCountsAvatarsAndInvites() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path, now: { Date(timeIntervalSince1970: 0) })
        let demo = try #require(try store.createConversation(title: "Demo").id)
        try store.receive(text: "a demo message", in: demo, at: Date(timeIntervalSince1970: 1000))
        let sync = try SyncFixture.timeline()
        try store.applyMatrixSync(SyncTranslation.updates(sync), since: sync.nextBatch, account: account)

        let list = try store.conversations()
        #expect(list.map(\.conversation.title) == ["Dave \u{1B}[2J, @erin:localhost", "Trip \u{1B}[31mred\u{202E}", "Demo", "Party"])
        let trip = list[1]
        #expect(trip.matrixRoom?.unreadCount == 3)
        #expect(trip.matrixRoom?.avatarURL == URL(string: "mxc://localhost/avatar"))
        #expect(trip.lastMessage?.text == MatrixMessageKind.encryptedNotice)
        #expect(list[3].matrixRoom?.membership == .invite)
        #expect(list[3].matrixRoom?.inviter == "Carol")
        #expect(list[2].matrixRoom == nil, "the demo conversation stays, with no room behind it")
    }

    @Test func givenStoredEvents_whenRead_thenEditsRedactionsRepliesReactionsAndMediaAreApplied() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let sync = try SyncFixture.timeline()
        try store.applyMatrixSync(SyncTranslation.updates(sync), since: sync.nextBatch, account: account)
        let trip = try #require(try store.conversationID(ofRoom: "!trip", account: account))
        let messages = Dictionary(uniqueKeysWithValues: try store.messages(in: trip).compactMap { message in
            message.matrix.map { ($0.eventID, message) }
        })

        let text = try #require(messages["$text"])
        #expect(text.text == "hi, edited")
        #expect(text.matrix?.edited == true)
        #expect(text.matrix?.reactions == [MatrixReactionCount(key: "👍", count: 2), MatrixReactionCount(key: "🎉", count: 1)])
        #expect(messages["$notice"]?.text == "")
        #expect(messages["$notice"]?.matrix?.kind == .redacted)
        #expect(messages["$reply"]?.matrix?.replyTo == "$text")
        #expect(messages["$megolm"]?.text == MatrixMessageKind.encryptedNotice)
        let image = try #require(messages["$image"])
        #expect(image.attachments == [URL(string: "mxc://localhost/red")!])
        #expect(image.matrix?.media?.blurhash == "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        #expect(image.matrix?.media?.thumbnailURL == "mxc://localhost/redthumb")
        #expect(messages["$secret"]?.attachments == [URL(string: "emxc://localhost/enc")!], "shown through the decrypt stage")
        #expect(messages["$secret"]?.matrix?.media?.encryptedFile?.contains("A256CTR") == true)
        #expect(messages["$huge"]?.matrix?.media?.width == nil)
        #expect(messages["$emote"]?.state == .received)
        #expect(messages["$reply"]?.state == .sent, "the account's own message")
    }
}
