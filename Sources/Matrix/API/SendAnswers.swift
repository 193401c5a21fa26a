// SendAnswers: the answers of the sending calls — a new media id, an event id, a room alias's room.

/// `POST /_matrix/media/v1/create`: an `mxc://` URI reserved for a later upload.
struct MediaCreateAnswer: Decodable {
    let contentURI: String
    /// When the reservation lapses if nothing was uploaded (milliseconds since 1970), if the server says.
    let unusedExpiresAt: Int64?
    enum CodingKeys: String, CodingKey { case contentURI = "content_uri", unusedExpiresAt = "unused_expires_at" }
}

/// `POST /_matrix/media/v3/upload`: the `mxc://` URI of the bytes just uploaded.
struct PlainUploadAnswer: Decodable {
    let contentURI: String
    enum CodingKeys: String, CodingKey { case contentURI = "content_uri" }
}

/// `PUT …/send/…/{txnId}`: the event id (the same one again for a repeated transaction id).
struct SendEventAnswer: Decodable {
    let eventID: String
    enum CodingKeys: String, CodingKey { case eventID = "event_id" }
}

/// `GET /directory/room/{alias}`: the room an alias names.
struct RoomAliasAnswer: Decodable {
    let roomID: String
    enum CodingKeys: String, CodingKey { case roomID = "room_id" }
}

/// `PUT /_matrix/media/v3/upload/…`: nothing read.
struct UploadAnswer: Decodable {}
