// RawPath: a file path as the system has it — bytes, not always UTF-8 — and its byte-exact file:// URL.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A file path as bytes. Linux names are bytes: `a\xff.jpg` is not valid UTF-8, and a Swift `String`
/// (or Foundation's `URL.path`) would turn it into `a\u{FFFD}.jpg` — another file's name. A `RawPath`
/// keeps the bytes from `readdir` or argv to `open`; its `file://` URL percent-encodes every byte
/// outside the URL's plain characters (`%FF`), and reading a URL decodes each escape back to its byte.
public struct RawPath: Hashable, Sendable, CustomStringConvertible {
    /// The path's bytes (no NUL).
    public let bytes: [UInt8]

    /// The path with these bytes.
    public init(bytes: some Sequence<UInt8>) {
        self.bytes = Array(bytes)
    }

    /// The path `text` (UTF-8).
    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The path of a `file://` URL, its percent escapes decoded to bytes (`%FF` is the byte 0xFF);
    /// `nil` for another scheme, a host other than `localhost`, an empty path or an escaped NUL.
    public init?(fileURL url: URL) {
        guard url.scheme?.lowercased() == "file",
              let components = URLComponents(url: url, resolvingAgainstBaseURL: true),
              components.host == nil || components.host == "" || components.host == "localhost" else { return nil }
        let encoded = Array(components.percentEncodedPath.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < encoded.count {
            if encoded[index] == UInt8(ascii: "%"), index + 2 < encoded.count,
               let high = Self.hexValue(encoded[index + 1]), let low = Self.hexValue(encoded[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(encoded[index])
                index += 1
            }
        }
        guard !bytes.isEmpty, !bytes.contains(0) else { return nil }
        self.bytes = bytes
    }

    /// The `file://` URL naming exactly these bytes.
    public var fileURL: URL {
        var encoded = "file://"
        for byte in bytes {
            if Self.plain.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += String(format: "%%%02X", byte)
            }
        }
        return URL(string: encoded)!  // only plain characters and escapes: always a URL
    }

    /// The path for people: UTF-8 as text, each byte that is not UTF-8 as `\xFF`.
    public var description: String { Self.display(bytes) }

    /// The last component's bytes (after the last `/`).
    public var lastComponent: [UInt8] {
        Array(bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).last ?? [])
    }

    /// The last component's extension (after its last `.`), lower-cased, `""` when none.
    public var pathExtension: String {
        let name = lastComponent
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return "" }
        return Self.display(name[(dot + 1)...]).lowercased()
    }

    /// This path with `component` (a name, no `/`) appended.
    public func appending(_ component: some Sequence<UInt8>) -> RawPath {
        RawPath(bytes: (bytes.last == UInt8(ascii: "/") ? bytes : bytes + [UInt8(ascii: "/")]) + Array(component))
    }

    /// The path with `.` and `..` components and repeated slashes removed, by its text alone.
    public var standardized: RawPath {
        var parts: [ArraySlice<UInt8>] = []
        for part in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        let joined = parts.map(Array.init).joined(separator: [UInt8(ascii: "/")])
        return RawPath(bytes: (bytes.first == UInt8(ascii: "/") ? [UInt8(ascii: "/")] : []) + joined)
    }

    /// The real path (`realpath(3)`: links resolved, absolute), or `nil` when it does not exist.
    public var resolved: RawPath? {
        withCString { path in
            guard let real = realpath(path, nil) else { return nil }
            defer { free(real) }
            return RawPath(bytes: UnsafeRawBufferPointer(start: real, count: strlen(real)))
        }
    }

    /// Whether `self` is `folder` or inside it (by components).
    public func isInside(_ folder: RawPath) -> Bool {
        let prefix = folder.bytes.last == UInt8(ascii: "/") ? folder.bytes : folder.bytes + [UInt8(ascii: "/")]
        return bytes == folder.bytes || bytes.starts(with: prefix)
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    public func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// `bytes` for display: valid UTF-8 as text, each byte of an invalid sequence as `\xFF`.
    public static func display(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var out = ""
        var start = 0
        while start < bytes.count {
            let length = scalarLength(bytes, at: start)
            if length > 0, let text = String(validating: bytes[start..<(start + length)], as: UTF8.self) {
                out += text
                start += length
            } else {
                out += String(format: "\\x%02X", bytes[start])
                start += 1
            }
        }
        return out
    }

    /// The length of the UTF-8 sequence its lead byte announces at `index` (0 when not a lead byte).
    private static func scalarLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead < 0xE0 ? 2 : lead >= 0xE0 && lead < 0xF0 ? 3 : lead >= 0xF0 && lead < 0xF5 ? 4 : 0
        return index + length <= bytes.count ? length : 0
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Bytes written as themselves in a `file://` URL's path: RFC 3986 unreserved characters, `/` and
    /// the sub-delimiters that need no escape in a path. Everything else is percent-encoded.
    private static let plain: Set<UInt8> = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=:@".utf8))
}
