// HomeserverAddress: what the user typed as a homeserver — a domain (`example.org`, discovered through its
// `.well-known`) or a URL (`https://matrix.example.org`, `http://127.0.0.1:8008` for a local server).
import Foundation

/// A homeserver as given at login.
public enum HomeserverAddress: Sendable, Equatable {
    /// A domain, possibly with a port: its homeserver is found through `https://DOMAIN/.well-known/matrix/client`.
    case domain(String)
    /// An http(s) URL, without a trailing slash.
    case url(URL)

    /// Parses `text`; anything else than `host[:port]` or an http(s) URL with a host is refused.
    public init(_ text: String) throws(MatrixError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.contains("://") {
            guard var components = URLComponents(string: trimmed),
                  let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = components.host, !host.isEmpty,
                  components.query == nil, components.fragment == nil, components.user == nil, components.password == nil
            else { throw .invalidHomeserver(Self.withoutUserInfo(trimmed)) }
            components.scheme = scheme
            while components.path.hasSuffix("/") { components.path.removeLast() }
            guard let url = components.url else { throw .invalidHomeserver(trimmed) }
            self = .url(url)
            return
        }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-:[]"))
        guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy({ allowed.contains($0) && $0.isASCII }),
              !trimmed.hasPrefix("."), !trimmed.hasPrefix("-"), URL(string: "https://\(trimmed)")?.host != nil
        else { throw .invalidHomeserver(trimmed) }
        self = .domain(trimmed.lowercased())
    }

    /// Where discovery starts: `https://DOMAIN` for a domain, the URL itself otherwise.
    public var origin: URL {
        switch self {
        case .domain(let domain): URL(string: "https://\(domain)")!
        case .url(let url): url
        }
    }

    /// A URL typed with `user:password@` is named without them in the error.
    private static func withoutUserInfo(_ text: String) -> String {
        guard let at = text.firstIndex(of: "@"), let scheme = text.range(of: "://"), scheme.upperBound < at else { return text }
        return String(text[..<scheme.upperBound]) + "…" + String(text[at...])
    }
}
