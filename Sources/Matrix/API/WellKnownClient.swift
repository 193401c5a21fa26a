// WellKnownClient: the JSON of `/.well-known/matrix/client` — where a domain's homeserver really is.

/// `{"m.homeserver": {"base_url": …}}`.
struct WellKnownClient: Decodable {
    /// The homeserver entry.
    struct Homeserver: Decodable {
        let baseURL: String
        enum CodingKeys: String, CodingKey { case baseURL = "base_url" }
    }

    let homeserver: Homeserver?
    enum CodingKeys: String, CodingKey { case homeserver = "m.homeserver" }
}
