// ContentRange: the `Content-Range` header of a 206 or 416 answer (RFC 9110, 14.4), read strictly.
import Foundation

/// `bytes FIRST-LAST/SIZE` (SIZE may be `*`) of a 206, or `bytes */SIZE` of a 416. Server text is
/// never trusted: anything else is no range at all.
struct ContentRange: Sendable, Hashable {
    /// The first and last byte sent (inclusive); `nil` for `bytes */SIZE`.
    let bytes: ClosedRange<UInt64>?
    /// The archive's size, when the server said.
    let size: UInt64?

    init?(_ header: String?) {
        guard let header else { return nil }
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes "), text.count < 100 else { return nil }
        let parts = text.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        if parts[1] == "*" {
            size = nil
        } else {
            guard let size = Self.number(parts[1]) else { return nil }
            self.size = size
        }
        if parts[0] == "*" {
            guard size != nil else { return nil }
            bytes = nil
            return
        }
        let ends = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let first = Self.number(ends[0]), let last = Self.number(ends[1]), first <= last,
              size.map({ last < $0 }) ?? true else { return nil }
        bytes = first...last
    }

    /// The bytes a server should send for `range`: all of them, or up to the end of an archive of `size`.
    static func expected(for range: ByteRangeURL, size: UInt64?) -> ClosedRange<UInt64> {
        range.offset...min(range.lastByte, size.map { max($0, 1) - 1 } ?? range.lastByte)
    }

    private static func number(_ text: Substring) -> UInt64? {
        guard !text.isEmpty, text.count <= 19, text.allSatisfy(\.isASCIIDigit) else { return nil }
        return UInt64(text)
    }
}
