// UnpaddedBase64: the base64 of Matrix events — unpadded, in the standard alphabet (hashes, counters) or the URL-safe
// one (a JSON Web Key's `k`); padding and either alphabet are accepted, as other clients send them.
import Foundation

enum UnpaddedBase64 {
    /// The bytes `text` spells; `nil` when it is no base64 of either alphabet.
    static func decode(_ text: String) -> Data? {
        var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        while standard.hasSuffix("=") { standard.removeLast() }
        guard standard.count % 4 != 1 else { return nil }
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard)
    }

    /// `data` as unpadded standard base64.
    static func encode(_ data: Data) -> String {
        var text = data.base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return text
    }
}
