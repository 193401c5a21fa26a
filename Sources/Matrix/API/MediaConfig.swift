// MediaConfig: `GET /_matrix/client/v1/media/config` — the largest upload the homeserver takes.

/// The homeserver's media configuration.
public struct MediaConfig: Decodable, Sendable, Equatable {
    /// `m.upload.size`: the largest upload in bytes; `nil` when the server sets no limit.
    public let uploadSize: Int?

    /// A configuration with `uploadSize`.
    public init(uploadSize: Int?) {
        self.uploadSize = uploadSize
    }

    enum CodingKeys: String, CodingKey { case uploadSize = "m.upload.size" }
}
