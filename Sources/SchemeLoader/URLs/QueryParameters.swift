// QueryParameters: a URL's query as a strict name → value map with typed, validating getters.
import Foundation

/// The query parameters of a custom-scheme URL. Duplicates and unknown names are errors,
/// so a typo such as `lattitude=` is reported instead of silently ignored.
public struct QueryParameters: Sendable {
    /// The URL the parameters came from, for error messages.
    public let url: URL
    private var values: [String: String]

    /// Parses the query of `url`, rejecting repeated names and names outside `allowed`.
    public init(_ url: URL, allowed: Set<String>) throws {
        self.url = url
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw LoadError.malformedURL(url.absoluteString)
        }
        var values: [String: String] = [:]
        for item in try Self.decodedItems(of: components) {
            guard allowed.contains(item.name) else {
                throw LoadError.invalidParameter(
                    name: item.name, value: item.value ?? "",
                    reason: "unknown parameter; expected one of \(allowed.sorted().joined(separator: ", "))")
            }
            guard values[item.name] == nil else {
                throw LoadError.invalidParameter(name: item.name, value: item.value ?? "", reason: "given more than once")
            }
            values[item.name] = item.value ?? ""
        }
        self.values = values
    }

    /// The query items with names and values percent-decoded, or `LoadError.invalidParameter` for an
    /// item whose escapes are not UTF-8 text (`%de`): Foundation decodes those to an empty name or a
    /// missing value, which would make distinct URLs one (found by Fuzz/fuzz-url).
    static func decodedItems(of components: URLComponents) throws -> [URLQueryItem] {
        let decoded = components.queryItems ?? [], encoded = components.percentEncodedQueryItems ?? []
        for (item, raw) in zip(decoded, encoded)
        where (item.name.isEmpty && !raw.name.isEmpty) || (item.value == nil && raw.value != nil) {
            throw LoadError.invalidParameter(
                name: raw.name, value: raw.value ?? "", reason: "percent escapes that do not decode to UTF-8 text")
        }
        return decoded
    }

    /// The raw value of `name`, if present.
    public func string(_ name: String) -> String? { values[name] }

    /// The raw value of `name`, or `LoadError.missingParameter`.
    public func requiredString(_ name: String) throws -> String {
        guard let value = values[name] else {
            throw LoadError.missingParameter(name: name, url: url.absoluteString)
        }
        return value
    }

    /// A finite decimal within `range`; `nil` when absent (and `required` is false).
    public func double(_ name: String, in range: ClosedRange<Double>, required: Bool = false) throws -> Double? {
        guard let text = required ? try requiredString(name) : values[name] else { return nil }
        guard let value = CanonicalNumber.parseDouble(text) else {
            throw LoadError.invalidParameter(name: name, value: text, reason: "not a finite decimal number")
        }
        guard range.contains(value) else {
            throw LoadError.invalidParameter(
                name: name, value: text,
                reason: "must be between \(CanonicalNumber.spell(range.lowerBound)) and \(CanonicalNumber.spell(range.upperBound))")
        }
        return value
    }

    /// An integer within `range`; `nil` when absent.
    public func int(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = CanonicalNumber.parseInt(text) else {
            throw LoadError.invalidParameter(name: name, value: text, reason: "not a whole number")
        }
        guard range.contains(value) else {
            throw LoadError.invalidParameter(name: name, value: text, reason: "must be between \(range.lowerBound) and \(range.upperBound)")
        }
        return value
    }

    /// A value of a string-backed enum; `nil` when absent.
    public func choice<T: RawRepresentable & CaseIterable>(_ name: String, of type: T.Type) throws -> T?
    where T.RawValue == String {
        guard let text = values[name] else { return nil }
        guard let value = T(rawValue: text.lowercased()) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw LoadError.invalidParameter(name: name, value: text, reason: "expected one of \(names)")
        }
        return value
    }

    /// A boolean written `true/false`, `1/0` or `yes/no`; `nil` when absent.
    public func bool(_ name: String) throws -> Bool? {
        guard let text = values[name] else { return nil }
        switch text.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw LoadError.invalidParameter(name: name, value: text, reason: "expected true or false")
        }
    }
}
