// StandardInputHandler: `stdin://<digest>` — the bytes piped to `snapterm render -` / `fetch -`, read once.
import Foundation
import SchemeLoader

/// Serves the bytes read from standard input under a URL named after their content, so the encoded
/// picture of the same bytes is found in the thumbnail cache next time and different bytes never share a key.
struct StandardInputHandler: SchemeHandling {
    static let scheme = "stdin"
    let data: Data
    /// `stdin://<digest of the bytes>`.
    let url: URL

    /// Reads standard input to its end (at most `limit` bytes).
    static func read(limit: Int = 64 << 20) throws(EnvironmentError) -> StandardInputHandler {
        StandardInputHandler(data: try StandardStreams.readInput(limit: limit))
    }

    init(data: Data) {
        self.data = data
        url = URL(string: "\(Self.scheme)://\(Self.digest(of: data))")!
    }

    func canHandle(_ url: URL) -> Bool { url.scheme == Self.scheme }

    func canonicalURL(for url: URL) throws -> URL { url }

    func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        guard task.url == url else { throw LoadError.fileNotFound(path: task.url.absoluteString) }
        client.didReceive(LoadResponse(expectedLength: data.count, storagePolicy: .memoryOnly))
        client.didLoad(data)
    }

    /// Two FNV-1a 64-bit hashes with different offsets, and the length: a cache key, not a security digest.
    static func digest(of data: Data) -> String {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325, second: UInt64 = 0x84222325_cbf29ce4
        for byte in data {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 ^ (second >> 29)
        }
        return String(format: "%016llx%016llx-%d", first, second, data.count)
    }
}
