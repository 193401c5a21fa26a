// MatrixSession: a logged-in device — homeserver, user, device and access token. Its descriptions never
// show the token, so printing or logging a session cannot leak it.
import Foundation

/// One logged-in device, as stored in the accounts file.
public struct MatrixSession: Codable, Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The client-server API's base URL (`https://matrix.example.org`).
    public var homeserver: URL
    /// `@alice:example.org`.
    public var userID: String
    /// The device the login made.
    public var deviceID: String
    /// The secret sent as `Authorization: Bearer`. Never printed, logged or put in a URL.
    public var accessToken: String

    /// A session.
    public init(homeserver: URL, userID: String, deviceID: String, accessToken: String) {
        self.homeserver = homeserver
        self.userID = userID
        self.deviceID = deviceID
        self.accessToken = accessToken
    }

    enum CodingKeys: String, CodingKey {
        case homeserver, userID = "user_id", deviceID = "device_id", accessToken = "access_token"
    }

    /// `@alice:example.org on https://…` — without the token.
    public var description: String { "\(userID) on \(homeserver.absoluteString)" }

    /// The same as `description`: the token stays out of `debugPrint` and string interpolation alike.
    public var debugDescription: String { "MatrixSession(\(description), device \(deviceID))" }
}

extension MatrixSession: CustomReflectable {
    /// `dump()` and the test frameworks' value printing show everything but the token.
    public var customMirror: Mirror {
        Mirror(self, children: ["homeserver": homeserver, "userID": userID, "deviceID": deviceID, "accessToken": "…"])
    }
}
