// RoomEvent: one timeline event; for messages, the `msgtype`, `body` and encrypted `file` of its content.

/// A room event as `/sync` delivers it.
public struct RoomEvent: Decodable, Sendable, Equatable {
    /// The parts of `content` read so far.
    public struct Content: Decodable, Sendable, Equatable {
        /// `m.text`, `m.image` …
        public let msgtype: String?
        /// The text, or a file's name.
        public let body: String?
        /// An encrypted attachment's ciphertext and key (`m.image`, `m.file` sent as AES-256-CTR), in place of `url`.
        public let file: EncryptedFile?

        /// A field of the wrong type (another client's mistake, or malice) reads as absent: one odd
        /// event never makes a whole `/sync` unreadable.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            msgtype = try? container.decodeIfPresent(String.self, forKey: .msgtype)
            body = try? container.decodeIfPresent(String.self, forKey: .body)
            file = try? container.decodeIfPresent(EncryptedFile.self, forKey: .file)
        }

        enum CodingKeys: String, CodingKey { case msgtype, body, file }
    }

    /// `m.room.message` …
    public let type: String
    /// The event id.
    public let eventID: String?
    /// Who sent it.
    public let sender: String
    /// Its content.
    public let content: Content?

    enum CodingKeys: String, CodingKey {
        case type, sender, content
        case eventID = "event_id"
    }

    /// Reads an event; a `content` that is not an object reads as absent.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        sender = try container.decode(String.self, forKey: .sender)
        eventID = try? container.decodeIfPresent(String.self, forKey: .eventID)
        content = try? container.decodeIfPresent(Content.self, forKey: .content)
    }
}
