// OutboxEntry: one Matrix send in the outbox — its transaction id, where it stands, and what it uploads.
import Foundation

/// Where a send in the outbox stands: (preparing →) queued → uploading → sending → sent, or failed. A picture's event
/// may be sent before its bytes are uploaded: then it is `uploading` again, with its `eventID`, until they are.
public enum OutboxState: String, Sendable, Codable, CaseIterable {
    /// Written with its echo, its picture still being made ready (encoded, its thumbnail made): the outbox stops at it,
    /// so what follows waits too, until `MessageStore.completePreparation` fills it in.
    case preparing
    /// Written, nothing sent yet.
    case queued
    /// Its picture is being uploaded.
    case uploading
    /// Its event is being sent.
    case sending
    /// The server answered with an event id.
    case sent
    /// It failed: `OutboxEntry.failure` says why; `retryable` ones are tried again.
    case failed
}

/// A message to send: the room, the event's content (JSON, without media URLs) and the bytes to upload.
public struct OutgoingMessage: Sendable, Equatable {
    /// The room id (`!…`).
    public var roomID: String
    /// The message's text, or a picture's file name: what a line about it shows.
    public var body: String
    /// The event's `content` as a JSON object; a picture's `url` and `info.thumbnail_url` are filled in when sent.
    public var content: Data
    /// The encoded picture and its thumbnail, for an `m.image`.
    public var media: OutboxMedia?
    /// Whether its picture is still being made ready: written `preparing`, its content a stand-in.
    public var preparing: Bool

    /// A message for `roomID`.
    public init(roomID: String, body: String, content: Data, media: OutboxMedia? = nil, preparing: Bool = false) {
        self.roomID = roomID
        self.body = body
        self.content = content
        self.media = media
        self.preparing = preparing
    }

    /// A picture's message for `roomID` named `body` whose picture is still being made ready (at its `original`
    /// size or not): the stand-in content says so, so a restart prepares it again and a retry waits for it.
    public static func awaitingPicture(roomID: String, body: String, original: Bool) -> OutgoingMessage {
        OutgoingMessage(roomID: roomID, body: body, content: Data((awaitingMarker + "{\"original\":\(original)}}").utf8),
                        preparing: true)
    }

    /// The start of a stand-in content (`awaitingPicture`).
    static let awaitingMarker = #"{"snapterm.preparing":"#

    /// For a stand-in `content`, whether its picture is sent at its original size; `nil` for a real event's content.
    public static func awaitsOriginal(_ content: Data) -> Bool? {
        guard let text = String(data: content, encoding: .utf8), text.hasPrefix(awaitingMarker) else { return nil }
        return text.contains(#""original":true"#)
    }
}

/// The bytes a picture's send uploads.
public struct OutboxMedia: Sendable, Equatable {
    /// The encoded picture.
    public var picture: Data
    /// Its MIME type (`image/jpeg`).
    public var pictureType: String
    /// The thumbnail, if one was made.
    public var thumbnail: Data?
    /// The thumbnail's MIME type.
    public var thumbnailType: String

    /// Media of a picture and, optionally, its thumbnail.
    public init(picture: Data, pictureType: String, thumbnail: Data? = nil, thumbnailType: String = "image/jpeg") {
        self.picture = picture
        self.pictureType = pictureType
        self.thumbnail = thumbnail
        self.thumbnailType = thumbnailType
    }
}

/// One send in the outbox, as stored.
public struct OutboxEntry: Sendable, Equatable, Identifiable {
    /// The outbox's order: entries of a room are sent in this order.
    public var id: Int64
    /// The sending account's user id.
    public var account: String
    /// The room id.
    public var roomID: String
    /// The transaction id, fixed when the entry was written: every attempt sends the event under it.
    public var transactionID: String
    /// The text, or a picture's file name.
    public var body: String
    /// The event's content (JSON) without media URLs.
    public var content: Data
    /// Where it stands.
    public var state: OutboxState
    /// Why it failed (the last failure's sentence), if it did.
    public var failure: String?
    /// Whether it is tried again (by the sender, or a later run).
    public var retryable: Bool
    /// How many attempts failed so far.
    public var attempts: Int
    /// The `mxc://` URI reserved for the picture, once reserved.
    public var mediaURL: String?
    /// The `mxc://` URI reserved for the thumbnail, once reserved.
    public var thumbnailURL: String?
    /// When the reserved URIs lapse if nothing is uploaded to them, if the server said.
    public var mediaExpiresAt: Date?
    /// Whether the picture and thumbnail bytes are uploaded.
    public var uploaded: Bool
    /// The event id the server gave, once the event is sent (the picture's bytes may still be uploading).
    public var eventID: String?
    /// When it was written.
    public var createdAt: Date

    /// Whether a sender still has work to do for it.
    public var isPending: Bool { state != .sent && (state != .failed || retryable) }
}
