// MatrixDisplayNameTests: a Matrix message's author is its sender's display name from the room's m.room.member state —
// with the user id beside it when another member shares the name, escaped when it holds control characters, the user
// id when there is none; a page back's older state never overrides a newer name.
import Foundation
import MessageStore
@testable import SnaptermUI
import TerminalGraphics
import TestSupport
import Testing

@MainActor
@Suite struct MatrixDisplayNameTests {
    private let account = "@alice:localhost"

    private func text(_ id: String, from sender: String, at second: Double) -> MatrixTimelineEvent {
        MatrixTimelineEvent(eventID: id, sender: sender, sentAt: Date(timeIntervalSince1970: second),
                            action: .message(MatrixMessageContent(kind: .text, body: "text \(id)")))
    }

    private func authors(_ store: MessageStore, _ room: Int64) throws -> [String: String] {
        Dictionary(uniqueKeysWithValues: try store.messages(in: room).compactMap { message in
            message.matrix.map { ($0.eventID, MessageDisplay.author(message, otherParty: "Room")) }
        })
    }

    @Test func givenMembersState_thenAuthorsAreDisplayNamesDisambiguatedAndEscaped() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        var update = MatrixRoomUpdate(roomID: "!r", membership: .join, events: [
            text("$bob", from: "@bob:localhost", at: 1), text("$bob2", from: "@bob2:localhost", at: 2),
            text("$eve", from: "@eve:localhost", at: 3), text("$anon", from: "@anon:localhost", at: 4),
        ])
        update.members = [
            MatrixMember(userID: "@bob:localhost", displayName: "Bob", isPresent: true),
            MatrixMember(userID: "@bob2:localhost", displayName: "Bob", isPresent: true),
            MatrixMember(userID: "@eve:localhost", displayName: "Eve \u{1B}[2J\u{202E}", isPresent: true),
        ]
        let room = try #require(try store.applyMatrixSync([update], since: "s1", account: account).first?.conversationID)
        var names = try authors(store, room)
        #expect(names["$bob"] == "Bob (@bob:localhost)")
        #expect(names["$bob2"] == "Bob (@bob2:localhost)")
        #expect(names["$anon"] == "@anon:localhost")
        let eve = try #require(names["$eve"])
        #expect(eve.hasPrefix("Eve ^[[2J") && !eve.unicodeScalars.contains { SafeText.isControl($0) } && !eve.contains("\u{202E}"))

        // The namesake leaves: Bob is Bob again. A page back's older state names nobody anew.
        var leaves = MatrixRoomUpdate(roomID: "!r", membership: .join)
        leaves.members = [MatrixMember(userID: "@bob2:localhost", displayName: "Bob", isPresent: false)]
        try store.applyMatrixSync([leaves], since: "s2", account: account)
        try store.applyMatrixHistory([text("$old", from: "@bob:localhost", at: 0)],
                                     members: [MatrixMember(userID: "@bob:localhost", displayName: "Robert (old name)", isPresent: true)],
                                     next: nil, reachesStart: true, of: room)
        names = try authors(store, room)
        #expect(names["$bob"] == "Bob" && names["$old"] == "Bob")
    }
}
