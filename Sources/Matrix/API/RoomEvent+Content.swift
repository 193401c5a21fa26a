// RoomEvent+Content: the fields of an event's content Snapterm reads — messages, media, relations, room state.
// Every field of the wrong type reads as absent.

extension RoomEvent {
    /// The parts of `content` read.
    public struct Content: Decodable, Sendable, Equatable {
        /// `m.text`, `m.image` …
        public let msgtype: String?
        /// The text, or a file's name.
        public let body: String?
        /// A file's own name (`m.file`, `m.image`), when it differs from `body`.
        public let filename: String?
        /// The media's `mxc://` URL (`m.image`, `m.file`; `m.room.avatar`).
        public let url: String?
        /// An encrypted attachment's `file` object (url, key, iv, hashes), kept whole.
        public let file: JSONValue?
        /// The same `file` object read as an encrypted attachment (`nil` when it is not a well-formed one).
        public let encryptedFile: EncryptedFile?
        /// The media's `info`.
        public let info: MediaInfo?
        /// `m.relates_to`: edits, reactions, replies.
        public let relatesTo: Relation?
        /// An edit's replacement (`m.new_content`).
        public let newContent: NewContent?
        /// `m.room.name`'s name.
        public let name: String?
        /// `m.room.canonical_alias`'s alias.
        public let alias: String?
        /// `m.room.member`'s membership (`join`, `invite`, `leave` …).
        public let membership: String?
        /// `m.room.member`'s display name.
        public let displayName: String?
        /// `m.room.redaction`'s target (room version 11 on).
        public let redacts: String?

        enum CodingKeys: String, CodingKey {
            case msgtype, body, filename, url, file, info, name, alias, membership, redacts
            case relatesTo = "m.relates_to", newContent = "m.new_content", displayName = "displayname"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            msgtype = try? container.decodeIfPresent(String.self, forKey: .msgtype)
            body = try? container.decodeIfPresent(String.self, forKey: .body)
            filename = try? container.decodeIfPresent(String.self, forKey: .filename)
            url = try? container.decodeIfPresent(String.self, forKey: .url)
            file = try? container.decodeIfPresent(JSONValue.self, forKey: .file)
            encryptedFile = try? container.decodeIfPresent(EncryptedFile.self, forKey: .file)
            info = try? container.decodeIfPresent(MediaInfo.self, forKey: .info)
            relatesTo = try? container.decodeIfPresent(Relation.self, forKey: .relatesTo)
            newContent = try? container.decodeIfPresent(NewContent.self, forKey: .newContent)
            name = try? container.decodeIfPresent(String.self, forKey: .name)
            alias = try? container.decodeIfPresent(String.self, forKey: .alias)
            membership = try? container.decodeIfPresent(String.self, forKey: .membership)
            displayName = try? container.decodeIfPresent(String.self, forKey: .displayName)
            redacts = try? container.decodeIfPresent(String.self, forKey: .redacts)
        }
    }

    /// A media's `info`: sizes as the sender claims them (checked by `MediaLimits` before they are kept).
    public struct MediaInfo: Decodable, Sendable, Equatable {
        /// Width and height in pixels.
        public let width: Int64?, height: Int64?
        /// `image/png` …
        public let mimetype: String?
        /// Bytes.
        public let size: Int64?
        /// A smaller picture's `mxc://` URL.
        public let thumbnailURL: String?
        /// The BlurHash string Element and Cinny send (`xyz.amorgan.blurhash`).
        public let blurhash: String?

        enum CodingKeys: String, CodingKey {
            case width = "w", height = "h", mimetype, size
            case thumbnailURL = "thumbnail_url", blurhash = "xyz.amorgan.blurhash"
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            width = Self.integer(container, .width)
            height = Self.integer(container, .height)
            size = Self.integer(container, .size)
            mimetype = try? container.decodeIfPresent(String.self, forKey: .mimetype)
            thumbnailURL = try? container.decodeIfPresent(String.self, forKey: .thumbnailURL)
            blurhash = try? container.decodeIfPresent(String.self, forKey: .blurhash)
        }

        /// A whole number, also when written as `48.0`; absent when it is no number or beyond Int64.
        private static func integer(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> Int64? {
            if let value = try? container.decodeIfPresent(Int64.self, forKey: key) { return value }
            guard let value = try? container.decodeIfPresent(Double.self, forKey: key), value.isFinite,
                  value.rounded() == value, abs(value) < 9e18 else { return nil }
            return Int64(value)
        }
    }

    /// `m.relates_to`.
    public struct Relation: Decodable, Sendable, Equatable {
        /// `m.replace` (an edit), `m.annotation` (a reaction) …
        public let relType: String?
        /// The event related to.
        public let eventID: String?
        /// A reaction's key (an emoji).
        public let key: String?
        /// A reply's quoted event (`m.in_reply_to.event_id`).
        public let inReplyTo: String?

        enum CodingKeys: String, CodingKey { case relType = "rel_type", eventID = "event_id", key, inReplyTo = "m.in_reply_to" }
        private struct Reply: Decodable { let event_id: String? }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            relType = try? container.decodeIfPresent(String.self, forKey: .relType)
            eventID = try? container.decodeIfPresent(String.self, forKey: .eventID)
            key = try? container.decodeIfPresent(String.self, forKey: .key)
            inReplyTo = (try? container.decodeIfPresent(Reply.self, forKey: .inReplyTo))?.event_id
        }
    }

    /// An edit's `m.new_content`.
    public struct NewContent: Decodable, Sendable, Equatable {
        /// The new text.
        public let body: String?
        /// The new msgtype.
        public let msgtype: String?

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            body = try? container.decodeIfPresent(String.self, forKey: .body)
            msgtype = try? container.decodeIfPresent(String.self, forKey: .msgtype)
        }

        enum CodingKeys: String, CodingKey { case body, msgtype }
    }
}
