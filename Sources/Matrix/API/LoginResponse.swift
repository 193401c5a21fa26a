// LoginResponse: what a successful login answers (only the parts Snapterm keeps).

/// The answer to a login: who, which device, the token, perhaps a better base URL.
struct LoginResponse: Decodable {
    /// The server's `well_known` hint.
    struct WellKnown: Decodable {
        let homeserver: WellKnownClient.Homeserver?
        enum CodingKeys: String, CodingKey { case homeserver = "m.homeserver" }
    }

    let userID: String
    let deviceID: String
    let accessToken: String
    let wellKnown: WellKnown?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", deviceID = "device_id", accessToken = "access_token", wellKnown = "well_known"
    }
}
