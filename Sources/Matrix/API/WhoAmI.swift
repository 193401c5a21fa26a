// WhoAmI: the answer of `GET /_matrix/client/v3/account/whoami`.

/// Who the access token belongs to.
public struct WhoAmI: Decodable, Sendable, Equatable {
    /// `@alice:example.org`.
    public let userID: String
    /// The token's device, when it has one.
    public let deviceID: String?

    /// An answer naming `userID` and `deviceID`.
    public init(userID: String, deviceID: String?) {
        self.userID = userID
        self.deviceID = deviceID
    }

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", deviceID = "device_id"
    }
}
