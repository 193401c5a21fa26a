// CacheDirectives: the directives of a Cache-Control field (RFC 9111 §5.2), read quote-aware.
import Foundation

/// The directives of a `Cache-Control` field value (every field line already joined by commas,
/// RFC 9110 §5.3): names lower-cased, arguments in token or quoted-string form (unescaped), so a
/// `max-age` inside a quoted argument is never taken for a directive.
///
/// A repeated directive counts by its first occurrence: RFC 9111 §4.2.1 lets a cache use "the first
/// occurrence" of a directive with several values (or treat the response as stale).
struct CacheDirectives {
    /// A `delta-seconds` argument (RFC 9111 §1.2.2).
    enum DeltaSeconds: Equatable {
        /// The directive is not there.
        case absent
        /// The directive is there without one or more digits as its argument (`'3600'`, `3600.0`, `-1`, empty).
        case invalid
        /// Whole seconds; values past 2^31 are read as 2^31, as the RFC says.
        case seconds(TimeInterval)
    }

    private var arguments: [String: String?] = [:]

    /// Parses `value`; text that is no directive is skipped up to the next comma outside quotes.
    init(_ value: String) {
        var scanner = Scanner(bytes: Array(value.utf8))
        while !scanner.isAtEnd {
            scanner.skip { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let name = scanner.token().lowercased()
            var argument: String?
            if scanner.take(UInt8(ascii: "=")) {
                argument = scanner.peek == UInt8(ascii: "\"") ? scanner.quotedString() : scanner.token()
            }
            scanner.skipToNextElement()
            if !name.isEmpty, arguments[name] == nil { arguments[name] = .some(argument) }
        }
    }

    /// Whether the directive `name` is there (with or without an argument).
    func has(_ name: String) -> Bool { arguments[name] != nil }

    /// The argument of `name` as delta-seconds.
    func deltaSeconds(_ name: String) -> DeltaSeconds {
        guard let argument = arguments[name] else { return .absent }
        return Self.parseDeltaSeconds(argument ?? "")
    }

    /// `1*DIGIT` as seconds (capped at 2^31), else `.invalid`.
    static func parseDeltaSeconds(_ text: String) -> DeltaSeconds {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return .invalid }
        let cap = TimeInterval(1 << 31)
        return .seconds(text.count > 10 ? cap : min(cap, TimeInterval(Int(text) ?? Int(cap))))
    }

    /// Reads tokens and quoted strings from a field value's bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index >= bytes.count }
        var peek: UInt8? { isAtEnd ? nil : bytes[index] }

        mutating func skip(while matches: (UInt8) -> Bool) {
            while let byte = peek, matches(byte) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// `token = 1*tchar` (possibly empty here).
        mutating func token() -> String {
            let start = index
            skip(while: Self.isTokenCharacter)
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// `quoted-string`, its quoted pairs unescaped; an unterminated one runs to the end.
        mutating func quotedString() -> String {
            index += 1
            var value: [UInt8] = []
            while let byte = peek, byte != UInt8(ascii: "\"") {
                index += 1
                if byte == UInt8(ascii: "\\"), let escaped = peek {
                    value.append(escaped)
                    index += 1
                } else {
                    value.append(byte)
                }
            }
            index += 1
            return String(decoding: value, as: UTF8.self)
        }

        /// Past the next comma that is not inside a quoted string.
        mutating func skipToNextElement() {
            while let byte = peek {
                if byte == UInt8(ascii: "\"") { _ = quotedString(); continue }
                index += 1
                if byte == UInt8(ascii: ",") { return }
            }
        }

        static func isTokenCharacter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
            }
        }
    }
}
