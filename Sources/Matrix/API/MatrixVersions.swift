// MatrixVersions: the answer of `GET /_matrix/client/versions`.

/// The specification versions a homeserver speaks.
public struct MatrixVersions: Decodable, Sendable, Equatable {
    /// Such as `v1.11`.
    public let versions: [String]
    /// Unstable features it turns on.
    public let unstableFeatures: [String: Bool]?

    enum CodingKeys: String, CodingKey {
        case versions
        case unstableFeatures = "unstable_features"
    }
}
