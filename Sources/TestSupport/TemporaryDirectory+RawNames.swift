// TemporaryDirectory+RawNames: files whose names are bytes, not necessarily UTF-8 (as Linux allows).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SchemeLoader

extension TemporaryDirectory {
    /// Writes `data` to a new file named exactly `name` (bytes; no `/`) in the folder; returns its path.
    @discardableResult
    public func write(_ data: Data, rawName name: [UInt8]) throws -> RawPath {
        let path = RawPath(url.path).appending(name)
        let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path.description]) }
        defer { close(descriptor) }
        let written = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == data.count else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path.description]) }
        return path
    }
}

/// File names that differ only in bytes: `a\xff.jpg` (not UTF-8), `a\u{FFFD}.jpg` (what a String makes of
/// it) and `b\xfe.jpg` (not UTF-8 either).
public enum NonUTF8Names {
    /// The three names, in that order.
    public static let all: [[UInt8]] = [Array("a".utf8) + [0xFF] + Array(".jpg".utf8), Array("a\u{FFFD}.jpg".utf8),
                                        Array("b".utf8) + [0xFE] + Array(".jpg".utf8)]
}
