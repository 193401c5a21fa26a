// SyncTranslationTests: a recorded `/sync` read into rooms and events — every message kind, edits, redactions,
// replies, reactions, encrypted events, media sizes beyond belief, and odd events that are skipped, not fatal.
import Foundation
import Matrix
import MessageStore
import Testing

@Suite struct SyncTranslationTests {
    @Test func givenARecordedSync_whenTranslated_thenRoomsComeJoinedThenInvited() throws {
        let updates = SyncTranslation.updates(try SyncFixture.timeline())
        #expect(updates.map(\.roomID) == ["!nameless", "!trip", "!party"])
        #expect(updates.map(\.membership) == [.join, .join, .invite])
    }

    @Test func givenARoomsState_whenTranslated_thenItsNameAvatarHeroesAndUnreadCountAreKeptAsSent() throws {
        let trip = try SyncFixture.update("!trip")
        #expect(trip.name == "Trip \u{1B}[31mred\u{202E}")
        #expect(trip.avatarURL == "mxc://localhost/avatar")
        #expect(trip.heroes == ["Bob"])
        #expect(trip.unreadCount == 3)
        let nameless = try SyncFixture.update("!nameless")
        #expect(nameless.name == nil)
        #expect(nameless.heroes == ["Dave \u{1B}[2J", "@erin:localhost"])
        let invite = try SyncFixture.update("!party")
        #expect(invite.name == "Party")
        #expect(invite.inviter == "Carol")
    }

    @Test func givenEveryMessageKind_whenTranslated_thenEachIsItsKindWithItsTextAsSent() throws {
        let events = try SyncFixture.update("!trip").events
        let messages = events.compactMap { event -> (String, MatrixMessageContent)? in
            if case .message(let content) = event.action { (event.eventID, content) } else { nil }
        }
        #expect(messages.map(\.0) == ["$text", "$notice", "$emote", "$image", "$huge", "$secret", "$file", "$reply", "$megolm"])
        #expect(messages.map(\.1.kind) == [.text, .notice, .emote, .image, .image, .image, .file, .text, .encrypted])
        #expect(messages[0].1.body == "hi \u{1B}]52;c;AAAA\u{07} \u{202E}evil")
        #expect(messages[7].1.replyTo == "$text")
        // The odd events — content not an object, no type — are left out; the rest of the sync is read.
        #expect(!events.contains { $0.eventID == "$odd" || $0.eventID == "$notype" })
    }

    @Test func givenAnImage_whenTranslated_thenItsURLSizesThumbnailAndBlurHashAreKept() throws {
        let media = try #require(message("$image")?.media)
        #expect(media == MatrixMedia(url: "mxc://localhost/red", width: 64, height: 48, mimetype: "image/png", size: 279,
                                     thumbnailURL: "mxc://localhost/redthumb", blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
                                     fileName: "red.png"))
    }

    @Test func givenSizesBeyondBelief_whenTranslated_thenTheyAreDroppedAsUnknown() throws {
        let huge = try #require(message("$huge")?.media)
        #expect(huge.width == nil && huge.height == nil)
        #expect(huge.size == nil, "a picture of 10 GB is not believed")
        #expect(huge.blurhash == nil, "an escape sequence is no BlurHash")
        #expect(huge.url == "mxc://localhost/huge")
        // A file of 10 GB is plausible: kept.
        let file = try #require(message("$file")?.media)
        #expect(file.size == 10_737_418_240)
        #expect(file.fileName == "backup\u{1B}[1m.tar")
    }

    @Test func givenAnEncryptedAttachment_whenTranslated_thenItsFileObjectIsKeptAsJSONAndItIsShownByItsKeyFreeURL() throws {
        let media = try #require(message("$secret")?.media)
        #expect(media.url == "emxc://localhost/enc")
        let json = try #require(media.encryptedFile)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["url"] as? String == "mxc://localhost/enc")
        #expect(object["iv"] as? String == "X85+XgHN+HEAAAAAAAAAAA")
        #expect((object["hashes"] as? [String: String])?["sha256"] == "5qG4fFnbbVdlAB1Q72JDKwCagV6Dbkx9uds4rSak37c")
    }

    @Test func givenEditsRedactionsAndReactions_whenTranslated_thenEachNamesItsTarget() throws {
        let events = try SyncFixture.update("!trip").events
        let actions = Dictionary(uniqueKeysWithValues: events.map { ($0.eventID, $0.action) })
        #expect(actions["$edit"] == .edit(target: "$text", text: "hi, edited"))
        #expect(actions["$gone"] == .redaction(target: "$notice"))
        #expect(actions["$like1"] == .reaction(target: "$text", key: "👍"))
        #expect(actions["$party"] == .reaction(target: "$text", key: "🎉"))
    }

    private func message(_ eventID: String) throws -> MatrixMessageContent? {
        let event = try SyncFixture.update("!trip").events.first { $0.eventID == eventID }
        if case .message(let content)? = event?.action { return content }
        return nil
    }
}
