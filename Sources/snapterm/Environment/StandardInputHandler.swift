// StandardInputHandler: `stdin://<digest>` — the bytes piped to `snapterm render -` / `fetch -`, read once.
// SHA-256 from the BoringSSL that swift-nio-ssl already links into the binary (its C module, reached
// through SchemeLoader's NIOSSL): swift-crypto would compile and link a second BoringSSL for one hash.
import CNIOBoringSSL
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

    /// The SHA-256 of `data` as 64 hex digits: bytes made to share another picture's key would have
    /// to break SHA-256.
    static func digest(of data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let done = data.withUnsafeBytes { bytes in EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, EVP_sha256(), nil) }
        precondition(done == 1 && length == 32, "BoringSSL's SHA-256 failed")  // only on allocation failure
        return digest.reduce(into: "") { hex, byte in hex += String(byte >> 4, radix: 16) + String(byte & 0x0F, radix: 16) }
    }
}
