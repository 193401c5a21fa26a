// LoginRequest: the body of `POST /_matrix/client/v3/login` with `m.login.password`.

/// A password login by user identifier.
struct LoginRequest: Encodable {
    /// `{type: m.id.user, user}`.
    struct Identifier: Encodable {
        let type = "m.id.user"
        let user: String
    }

    let type = "m.login.password"
    let identifier: Identifier
    let password: String
    let initialDeviceDisplayName: String?
    /// The device to log in as again (the server makes a new one when `nil`).
    let deviceID: String?

    enum CodingKeys: String, CodingKey {
        case type, identifier, password
        case initialDeviceDisplayName = "initial_device_display_name", deviceID = "device_id"
    }
}
