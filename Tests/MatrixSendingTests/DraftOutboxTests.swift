// DraftOutboxTests: Enter never prepares a photo nor writes its bytes — one prepared in the background since it was
// attached is written `preparing` with its echo and filled in behind Enter, off the caller; one still preparing is queued with its echo at once and the outbox waits for it, keeping the order; an
// edit drops the stale preparation; a photo that cannot be made fails alone, with a sentence, and is prepared again
// by a retry or by the next run.
import Foundation
import Matrix
import MatrixSending
import MessageStore
import Synchronization
import TestSupport
import Testing

@Suite struct DraftOutboxTests {
    private static let account = "@alice:localhost"
    private static let session = MatrixSession(homeserver: URL(string: "http://127.0.0.1:9")!, userID: account,
                                               deviceID: "DEV", accessToken: "secret-token-7f3a")
    private static let photo = URL(string: "asset://?id=p-1")!
    private static let edited = URL(string: "asset://?id=p-1&rotate=90")!

    /// Counts the sender's wake-ups.
    private final class Wakes: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    private struct Fixture {
        let folder: TemporaryDirectory
        let store: MessageStore
        let room: Int64
        let shelf: PhotoShelf
        let preparations: PhotoPreparations
        let outbox: DraftOutbox
        let wakes: Wakes

        init(shelf: PhotoShelf) throws {
            folder = try TemporaryDirectory()
            store = try MessageStore(path: folder.appending("m.sqlite").path)
            try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join)], since: "s0", account: DraftOutboxTests.account)
            room = try #require(try store.conversationID(ofRoom: "!r", account: DraftOutboxTests.account))
            self.shelf = shelf
            preparations = PhotoPreparations(read: { try shelf.read($0) })
            let wakes = Wakes()
            self.wakes = wakes
            outbox = DraftOutbox(store: store, account: DraftOutboxTests.account, preparations: preparations,
                                 wake: { wakes.add() })
        }

        func sender(_ server: ScriptedHomeserver) -> OutboxSender {
            OutboxSender(store: store, client: MatrixClient(transport: server), session: DraftOutboxTests.session,
                         policy: RetryPolicy(initial: .milliseconds(5), maximum: .milliseconds(20)))
        }
    }

    /// The `info.w` of an entry's event content.
    private static func width(_ entry: OutboxEntry) throws -> Int? {
        let object = try JSONSerialization.jsonObject(with: entry.content) as? [String: Any]
        return (object?["info"] as? [String: Any])?["w"] as? Int
    }

    @Test func givenAPhotoPreparedSinceItWasAttached_whenEnterIsPressed_thenItIsQueuedWithoutBeingPreparedAgain() async throws {
        // Given a draft whose photo was prepared in the background as it was attached
        let fixture = try Fixture(shelf: PhotoShelf([Self.photo: try PhotoShelf.photo(width: 640, height: 480)]))
        let draft = Draft(text: "the harbour", attachments: [Self.photo])
        fixture.outbox.prepare(draft)
        #expect(await eventually { fixture.preparations.outcome(of: PhotoRequest(url: Self.photo)) != nil })
        #expect(fixture.shelf.readCount == 1)

        // When Enter queues it
        let entries = try fixture.outbox.queue(draft, roomID: "!r", conversationID: fixture.room)

        // Then Enter read no photo and wrote none of its bytes: its transaction held the text and the photo's entry
        // `preparing`, with both echoes, and the sender is woken
        #expect(fixture.shelf.readCount == 1)
        #expect(entries.map(\.state) == [.queued, .preparing])
        #expect(try fixture.store.messages(in: fixture.room).count == 2)
        #expect(fixture.wakes.value >= 1)

        // And behind Enter the prepared photo is written in, ready to go, and the sender woken again
        let ready = try await eventually { try fixture.store.outboxEntry(entries[1].id).flatMap { $0.state == .queued ? $0 : nil } }
        #expect(try ready.map(Self.width) == 640)
        #expect(try fixture.store.outboxMedia(entries[1].id) != nil)
        #expect(await eventually { fixture.wakes.value >= 2 })
        #expect(fixture.shelf.readCount == 1)
    }

    @MainActor
    @Test func givenTheDatabaseHeldBusyWhenThePhotoIsReady_thenEnterHasReturnedWithItsEchoesAndTheBytesLandOnceFree() async throws {
        // Given Enter pressed on the main actor with a photo whose preparation has not ended
        let fixture = try Fixture(shelf: PhotoShelf([Self.photo: try PhotoShelf.photo(width: 640, height: 480)], held: true))
        let draft = Draft(text: "behind a lock", attachments: [Self.photo])
        fixture.outbox.prepare(draft)
        let entries = try fixture.outbox.queue(draft, roomID: "!r", conversationID: fixture.room)

        // When another program holds the database's write lock as the photo becomes ready
        let holder = try await DatabaseLockHolder(path: fixture.folder.appending("m.sqlite").path)
        fixture.shelf.open()

        // Then Enter has returned: the main actor reads both echoes, marked sending, while the bytes cannot be written
        let echoes = try fixture.store.messages(in: fixture.room)
        #expect(echoes.map(\.text) == ["behind a lock", "photo-1.jpg"] && echoes.allSatisfy { $0.delivery == .sending })
        #expect(try fixture.store.outboxEntry(entries[1].id)?.state == .preparing)

        // And once the lock is let go the bytes are in, behind the text: nothing lost, the order kept
        try await holder.release()
        let ready = try await eventually { try fixture.store.outboxEntry(entries[1].id).flatMap { $0.state == .queued ? $0 : nil } }
        #expect(try ready.map(Self.width) == 640)
        let server = ScriptedHomeserver()
        let outcomes = try await fixture.sender(server).drain()
        #expect(outcomes.map(\.entry.body) == ["behind a lock", "photo-1.jpg"] && outcomes.allSatisfy(\.isSent))
    }

    @Test func givenAPhotoStillPreparing_whenEnterIsPressed_thenItsEchoIsQueuedAtOnceAndTheOutboxWaitsForIt() async throws {
        // Given a draft whose photo's preparation has started and not ended
        let fixture = try Fixture(shelf: PhotoShelf([Self.photo: try PhotoShelf.photo(width: 640, height: 480)], held: true))
        let draft = Draft(text: "first", attachments: [Self.photo])
        fixture.outbox.prepare(draft)
        #expect(await eventually { fixture.shelf.readCount == 1 })

        // When Enter queues it
        let entries = try fixture.outbox.queue(draft, roomID: "!r", conversationID: fixture.room)

        // Then it returns at once: the text queued, the photo written `preparing` with its echo, marked sending
        #expect(entries.map(\.state) == [.queued, .preparing])
        let echoes = try fixture.store.messages(in: fixture.room)
        #expect(echoes.count == 2 && echoes.allSatisfy { $0.delivery == .sending })
        #expect(echoes.last?.attachments == [Self.photo])

        // And a drain sends the text and stops at the photo (the events keep the draft's order)
        let server = ScriptedHomeserver()
        let outcomes = try await fixture.sender(server).drain()
        #expect(outcomes.map(\.isSent) == [true, false] && server.eventCount == 1)
        #expect(outcomes.last?.failure == "its photo is still being prepared")

        // When the preparation ends, the entry is filled in and the sender woken; the next drain sends it
        fixture.shelf.open()
        let ready = try await eventually { try fixture.store.outboxEntry(entries[1].id).flatMap { $0.state == .queued ? $0 : nil } }
        #expect(try ready.map(Self.width) == 640)
        #expect(await eventually { fixture.wakes.value >= 2 })
        let later = try await fixture.sender(server).drain()
        #expect(later.map(\.isSent) == [true] && server.eventCount == 2)
        // The photo was read once: Enter took over the running preparation, it started none
        #expect(fixture.shelf.readCount == 1)
    }

    @Test func givenAPhotoStillPreparingInOneRoom_thenOnlyThatRoomsLaterMessagesWaitForIt() async throws {
        // Given a photo left preparing in one room, then a text in another room and one in the same room
        let fixture = try Fixture(shelf: PhotoShelf([:]))
        let waiting = try fixture.store.enqueue([EchoedSend(message: .awaitingPicture(roomID: "!r", body: "photo-1.jpg", original: false),
                                                            picture: Self.photo)], account: Self.account, in: fixture.room)
        let later = try fixture.store.enqueue([try MessageContent.text("elsewhere", roomID: "!other"),
                                               try MessageContent.text("behind the photo", roomID: "!r")], account: Self.account)

        // When the outbox is drained
        let server = ScriptedHomeserver()
        let outcomes = try await fixture.sender(server).drain()

        // Then the other room's text goes; the same room's text waits behind the photo, as the photo does
        #expect(outcomes.filter(\.isSent).map(\.entry.body) == ["elsewhere"] && server.eventCount == 1)
        #expect(outcomes.first { $0.entry.body == "behind the photo" }?.failure
                == "it waits for a photo before it that is still being prepared")
        #expect(try fixture.store.outboxEntry(later[1].id)?.state == .queued)
        #expect(try fixture.store.outboxEntry(waiting[0].id)?.state == .preparing)
    }

    @Test func givenAnEditedPhoto_whenItIsEditedAgainBeforeEnter_thenTheStalePreparationIsDroppedAndTheNewOneSent() async throws {
        let fixture = try Fixture(shelf: PhotoShelf([Self.photo: try PhotoShelf.photo(width: 640, height: 480),
                                                     Self.edited: try PhotoShelf.photo(width: 480, height: 640)]))
        fixture.outbox.prepare(Draft(attachments: [Self.photo]))

        // When the photo is edited (a new URL), the first preparation is forgotten at once
        let draft = Draft(attachments: [Self.edited])
        fixture.outbox.prepare(draft)
        #expect(fixture.preparations.outcome(of: PhotoRequest(url: Self.photo)) == nil)
        #expect(await eventually { fixture.preparations.outcome(of: PhotoRequest(url: Self.edited)) != nil })

        // Then Enter sends the edited pixels
        let entries = try fixture.outbox.queue(draft, roomID: "!r", conversationID: fixture.room)
        let ready = try await eventually { try fixture.store.outboxEntry(entries[0].id).flatMap { $0.state == .queued ? $0 : nil } }
        #expect(try ready.map(Self.width) == 480)
    }

    @Test func givenAPhotoThatFailedToPrepareBeforeEnter_whenEnterIsPressed_thenNothingIsQueuedAndTheSentenceSaysWhich() async throws {
        let fixture = try Fixture(shelf: PhotoShelf([:]))
        let draft = Draft(text: "kept", attachments: [Self.photo])
        fixture.outbox.prepare(draft)
        #expect(await eventually { fixture.preparations.outcome(of: PhotoRequest(url: Self.photo)) != nil })

        #expect(throws: DraftOutboxError.photoUnusable(number: 1, reason: "no photo at asset://?id=p-1")) {
            try fixture.outbox.queue(draft, roomID: "!r", conversationID: fixture.room)
        }
        #expect(try fixture.store.outbox(account: Self.account).isEmpty)
        #expect(try fixture.store.messages(in: fixture.room).isEmpty)
    }

    @Test func givenAPhotoThatFailsAfterEnter_thenItAloneFailsWithASentenceAndARetryPreparesItAgain() async throws {
        // Given a photo whose preparation is still running at Enter, and fails then
        let fixture = try Fixture(shelf: PhotoShelf([:], held: true))
        let draft = Draft(text: "still sent", attachments: [Self.photo])
        fixture.outbox.prepare(draft)
        let entries = try fixture.outbox.queue(draft, roomID: "!r", conversationID: fixture.room)
        fixture.shelf.open()

        // Then that photo fails for good with the reason; the text is unharmed
        let failed = try await eventually { try fixture.store.outboxEntry(entries[1].id).flatMap { $0.state == .failed ? $0 : nil } }
        #expect(failed?.failure == "the photo cannot be sent: no photo at asset://?id=p-1")
        #expect(failed?.retryable == false)
        #expect(try fixture.store.outboxEntry(entries[0].id)?.state == .queued)

        // When R puts it back, it waits for a new preparation, never goes out with its stand-in content
        #expect(try fixture.store.retryFailedSends(in: fixture.room) == 1)
        #expect(try fixture.store.outboxEntry(entries[1].id)?.state == .preparing)
        let server = ScriptedHomeserver()
        _ = try await fixture.sender(server).drain()
        #expect(server.eventCount == 1)
    }

    @Test func givenAPhotoAnEarlierRunLeftPreparing_whenTheNextRunStarts_thenItIsPreparedAtItsChosenSizeAndSent() async throws {
        // Given an outbox entry left `preparing` (the process ended first), its photo to go at the original size
        let big = try PhotoShelf.photo(width: 3000, height: 1000)
        let fixture = try Fixture(shelf: PhotoShelf([Self.photo: big]))
        let left = try fixture.store.enqueue([EchoedSend(message: .awaitingPicture(roomID: "!r", body: "photo-1.jpg", original: true),
                                                         picture: Self.photo)], account: Self.account, in: fixture.room)

        // When the next run's outbox resumes what it awaits
        try fixture.outbox.resumeAwaited()

        // Then the photo is prepared from the echo's picture, at its own size, and sent once
        let ready = try await eventually { try fixture.store.outboxEntry(left[0].id).flatMap { $0.state == .queued ? $0 : nil } }
        #expect(try ready.map(Self.width) == 3000)
        let server = ScriptedHomeserver()
        let outcomes = try await fixture.sender(server).drain()
        #expect(outcomes.map(\.isSent) == [true] && server.eventCount == 1)
        #expect(fixture.shelf.readCount == 1)
    }
}
