// URLCanonicalizer: the canonical forms that make equal URLs one cache key.
import Foundation

/// Canonical URL forms shared by handlers.
public enum URLCanonicalizer {
    /// Builds `scheme://?name=value&…` with the items sorted by name, percent-encoded consistently.
    public static func customSchemeURL(scheme: String, items: [(String, String)]) -> URL {
        var components = URLComponents()
        components.scheme = scheme.lowercased()
        components.host = ""
        components.percentEncodedQueryItems = items
            .sorted { $0.0 < $1.0 }
            .map { URLQueryItem(name: encode($0.0), value: encode($0.1)) }
        // A URL built from validated components always exists; the fallback keeps this total.
        return components.url ?? URL(fileURLWithPath: "/")
    }

    /// For custom schemes without a typed builder: scheme and host lower-cased, query items
    /// sorted by name then value, plain decimal numbers in one spelling, fragment dropped.
    public static func standard(_ url: URL) throws -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme else {
            throw LoadError.malformedURL(url.absoluteString)
        }
        try lowercaseHost(&components)  // first: once the scheme is set, Foundation re-reads the host
        components.scheme = scheme.lowercased()
        components.fragment = nil
        let items = try QueryParameters.decodedItems(of: components)
        if !items.isEmpty {
            components.percentEncodedQueryItems = items
                .map { item in (item.name, item.value.map(spellIfNumber)) }
                .sorted { ($0.0, $0.1 ?? "") < ($1.0, $1.1 ?? "") }
                .map { URLQueryItem(name: encode($0.0), value: $0.1.map(encode)) }
        } else {
            components.query = nil
        }
        guard let canonical = components.url else { throw LoadError.malformedURL(url.absoluteString) }
        return canonical
    }

    /// For `http`/`https`: scheme and host lower-cased, default port and fragment dropped, an empty
    /// path made `/`, and any `user:password@` dropped — Snapterm never sends it as a login, so it
    /// names the same resource, and a key without it is never printed, shown or written to disk. The
    /// query is kept as written: to a web server its order and spelling may matter. A path whose
    /// percent-escapes are not UTF-8 (`/a%FF.png`) is refused (`LoadError.unsendablePath`): the HTTP
    /// client would send `/` for it, another resource.
    public static func http(_ url: URL) throws -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty else {
            throw LoadError.malformedURL(redacted(url))
        }
        components.user = nil
        components.password = nil
        try requireSendablePath(components, of: url)
        try lowercaseHost(&components)  // first: once the scheme is set, Foundation re-reads the host
        components.scheme = scheme
        if (scheme == "http" && components.port == 80) || (scheme == "https" && components.port == 443) {
            components.port = nil
        }
        if components.percentEncodedPath.isEmpty { components.percentEncodedPath = "/" }
        components.fragment = nil
        guard let canonical = components.url else { throw LoadError.malformedURL(redacted(url)) }
        return canonical
    }

    /// `url` as text without its `user:password@`, for anything shown, printed or stored.
    public static func redacted(_ url: URL) -> String {
        guard url.user != nil || url.password != nil,
              var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        components.user = nil
        components.password = nil
        return components.url?.absoluteString ?? "\(url.scheme ?? "?"):(a URL with credentials)"
    }

    /// Refuses a path Foundation cannot decode (percent-escapes that are not UTF-8): `URL.path` is then
    /// empty and the HTTP client asks for `/` instead.
    static func requireSendablePath(_ components: URLComponents, of url: URL) throws {
        if components.percentEncodedPath.removingPercentEncoding == nil {
            throw LoadError.unsendablePath(url: redacted(url))
        }
    }

    /// Lower-cases the host, refusing one that Foundation would not write back as the same host:
    /// setting a decoded host that holds `%` (from `%25`) re-reads `%41` as an escape, so `a%2541.org`
    /// became `a%41.org`, another key on every pass; and a punycode host holding an escape (both found by
    /// Fuzz/fuzz-url).
    private static func lowercaseHost(_ components: inout URLComponents) throws {
        guard let host = components.host else { return }
        if host.contains("%") {
            throw LoadError.invalidParameter(
                name: "host", value: components.percentEncodedHost ?? host,
                reason: "an escaped percent sign (%25) in a host name cannot be kept in a canonical URL")
        }
        let lowercased = host.lowercased()
        components.host = lowercased
        // Foundation writes a non-ASCII host as punycode and may keep an escape inside it: `%2՞c` became
        // `xn--%2c-qce`, decoded `xn--,-qce`, which is no host at all once set (found by Fuzz/fuzz-url).
        guard components.host == lowercased, let written = components.url,
              URLComponents(url: written, resolvingAgainstBaseURL: false)?.host == lowercased else {
            throw LoadError.invalidParameter(
                name: "host", value: components.percentEncodedHost ?? host,
                reason: "this host name cannot be written back as the same name (an escape in an international name)")
        }
    }

    private static func spellIfNumber(_ value: String) -> String {
        guard let number = CanonicalNumber.parseDouble(value) else { return value }
        return CanonicalNumber.spell(number)
    }

    private static let unreserved: CharacterSet = {
        CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~,")
    }()

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
