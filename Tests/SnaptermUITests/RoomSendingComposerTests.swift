// RoomSendingComposerTests: in a remote room the composer queues the draft through RoomSending before storing it;
// a draft that cannot be queued stays, with the reason, and nothing is stored.
import Foundation
import MessageStore
import SnaptermUI
import Synchronization
import Testing

/// A RoomSending that records the drafts queued, or refuses them.
private final class RecordingRoomSending: RoomSending {
    struct Refusal: Error, CustomStringConvertible { var description: String { "the disk is full" } }
    let refuses: Bool
    let queued = Mutex<[Draft]>([])
    init(refuses: Bool) { self.refuses = refuses }
    func queue(_ draft: Draft, conversationID: Int64) throws -> Bool {
        if refuses { throw Refusal() }
        queued.withLock { $0.append(draft) }
        return true
    }
}

@MainActor @Suite struct RoomSendingComposerTests {
    @Test func aDraftInARemoteRoomIsQueuedThenStoredAndCleared() throws {
        let fixture = try MessageFixture()
        let composer = fixture.composer()
        let sending = RecordingRoomSending(refuses: false)
        composer.roomSending = sending
        composer.attach(try #require(URL(string: "asset://?id=p-1&rotate=90")))

        let message = composer.send()

        #expect(sending.queued.withLock { $0.map(\.attachments) } == [[try #require(URL(string: "asset://?id=p-1&rotate=90"))]])
        #expect(message != nil && composer.draft.isEmpty && composer.problem == nil)
        #expect(try fixture.store.messages(in: fixture.conversation).count == 1)
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
