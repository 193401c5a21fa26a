// RoomSendingComposerTests: in a remote room the composer queues the draft through RoomSending, which stores its
// local echo — the composer stores no second copy; elsewhere it stores the message itself; a draft that cannot be
// queued stays, with the reason, and nothing is stored.
import Foundation
import MessageStore
import SnaptermUI
import Synchronization
import Testing

/// A RoomSending that records the drafts queued, or refuses them; `isRoom` false: no conversation is a room.
private final class RecordingRoomSending: RoomSending {
    struct Refusal: Error, CustomStringConvertible { var description: String { "the disk is full" } }
    let refuses: Bool
    let isRoom: Bool
    let queued = Mutex<[Draft]>([])
    init(refuses: Bool, isRoom: Bool = true) {
        self.refuses = refuses
        self.isRoom = isRoom
    }
    func queue(_ draft: Draft, conversationID: Int64) throws -> Bool {
        if refuses { throw Refusal() }
        guard isRoom else { return false }
        queued.withLock { $0.append(draft) }
        return true
    }
}

@MainActor @Suite struct RoomSendingComposerTests {
    @Test func aDraftInARemoteRoomIsQueuedAndClearedWithoutASecondCopy() throws {
        let fixture = try MessageFixture()
        let composer = fixture.composer()
        let sending = RecordingRoomSending(refuses: false)
        composer.roomSending = sending
        composer.attach(try #require(URL(string: "asset://?id=p-1&rotate=90")))

        let message = composer.send()

        #expect(sending.queued.withLock { $0.map(\.attachments) } == [[try #require(URL(string: "asset://?id=p-1&rotate=90"))]])
        #expect(message == nil && composer.draft.isEmpty && composer.problem == nil)
        // The room sending stores the local echo; the composer stores nothing of its own
        #expect(try fixture.store.messages(in: fixture.conversation).isEmpty)
        #expect(try fixture.store.draft(for: fixture.conversation).isEmpty)
    }

    @Test func aDraftOfAConversationThatIsNoRoomIsStoredByTheComposer() throws {
        let fixture = try MessageFixture()
        let composer = fixture.composer()
        composer.roomSending = RecordingRoomSending(refuses: false, isRoom: false)
        _ = composer.edit(.character("h"))

        let message = composer.send()

        #expect(message?.text == "h" && composer.draft.isEmpty)
        #expect(try fixture.store.messages(in: fixture.conversation).map(\.text) == ["h"])
    }

    @Test func aDraftThatCannotBeQueuedIsKeptWithTheReasonAndNothingIsStored() throws {
        let fixture = try MessageFixture()
        let composer = fixture.composer()
        composer.roomSending = RecordingRoomSending(refuses: true)
        composer.attach(try #require(URL(string: "asset://?id=p-2")))

        let message = composer.send()

        #expect(message == nil)
        #expect(composer.attachments.count == 1)
        #expect(composer.problem == "not sent, the draft is kept: the disk is full")
        #expect(try fixture.store.messages(in: fixture.conversation).isEmpty)
    }
}
