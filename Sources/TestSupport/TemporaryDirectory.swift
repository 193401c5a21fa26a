// TemporaryDirectory: a fresh folder per test, removed when the value is dropped.
import Foundation

/// A new empty directory under the system temporary directory, deleted on `deinit`.
public final class TemporaryDirectory: Sendable {
    /// Its location.
    public let url: URL

    /// Creates the directory.
    public init(prefix: String = "snapterm-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    public func appending(_ component: String) -> URL {
        url.appendingPathComponent(component)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
