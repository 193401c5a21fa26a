// MatrixEarlyRedactionTests: a redaction stored before the event it removes — a sync's redaction of an event only paged
// in later, or a redaction ahead of its target in one answer — still removes it when it comes: a message arrives redacted
// (no text, no picture), a reaction or an edit is not counted.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct MatrixEarlyRedactionTests {
    private let account = "@alice:localhost"

    private func event(_ id: String, at second: Double, _ action: MatrixTimelineEvent.Action) -> MatrixTimelineEvent {
        MatrixTimelineEvent(eventID: id, sender: "@bob:localhost", sentAt: Date(timeIntervalSince1970: second), action: action)
    }

    @Test func givenARedactionSyncedBeforeItsTarget_whenTheTargetIsPagedIn_thenItIsShownRedacted() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        var update = MatrixRoomUpdate(roomID: "!r", membership: .join, events: [
            event("$redaction", at: 50, .redaction(target: "$photo")),
            event("$undo-reaction", at: 51, .redaction(target: "$reaction")),
            event("$undo-edit", at: 52, .redaction(target: "$edit")),
            event("$new", at: 60, .message(MatrixMessageContent(kind: .text, body: "newest"))),
        ])
        update.historyToken = "prev"
        let room = try #require(try store.applyMatrixSync([update], since: "s1", account: account).first?.conversationID)

        let media = MatrixMedia(url: "mxc://localhost/secret", mimetype: "image/jpeg", fileName: "secret.jpg")
        try store.applyMatrixHistory([
            event("$photo", at: 10, .message(MatrixMessageContent(kind: .image, body: "secret.jpg", media: media))),
            event("$kept", at: 11, .message(MatrixMessageContent(kind: .text, body: "kept"))),
            event("$edit", at: 12, .edit(target: "$kept", text: "edited, then the edit removed")),
            event("$reaction", at: 13, .reaction(target: "$kept", key: "👍")),
        ], next: nil, reachesStart: true, of: room)

        let photo = try #require(try store.message(eventID: "$photo", in: room))
        #expect(photo.matrix?.kind == .redacted)
        #expect(photo.text.isEmpty && photo.attachments.isEmpty && photo.matrix?.media == nil)
        let kept = try #require(try store.message(eventID: "$kept", in: room))
        #expect(kept.text == "kept" && kept.matrix?.edited == false)
        #expect(kept.matrix?.reactions.isEmpty == true)
    }

    @Test func givenARedactionAheadOfItsTargetInOneSync_thenTheTargetIsRedacted() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let room = try #require(try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join, events: [
            event("$redaction", at: 20, .redaction(target: "$m")),
            event("$m", at: 10, .message(MatrixMessageContent(kind: .text, body: "removed"))),
        ])], since: "s1", account: account).first?.conversationID)
        let message = try #require(try store.message(eventID: "$m", in: room))
        #expect(message.matrix?.kind == .redacted && message.text.isEmpty)
    }
}
