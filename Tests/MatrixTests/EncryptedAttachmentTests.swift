// EncryptedAttachment: a `content.file` checked and opened with values computed by tools Snapterm did not write —
//     printf 'Snapterm encrypted attachment vector: 83 bytes of clear text, not a multiple of 16.' > clear.txt
//     openssl enc -aes-256-ctr -K 000102…1e1f -iv a1b2c3d4e5f6a7b80000000000000000 -in clear.txt | xxd -p
//     openssl dgst -sha256 -binary cipher.bin | base64        (OpenSSL 3.0.19, Debian 12)
// and NIST SP 800-38A's F.5.5 (CTR-AES256). A wrong hash, key or counter is a typed error that never quotes the key.
import Foundation
import Matrix
import Testing

struct EncryptedAttachmentTests {
    static let clear = Data("Snapterm encrypted attachment vector: 83 bytes of clear text, not a multiple of 16.".utf8)
    static let ciphertext = bytes("c16136df444741f87e59480d60004974952ac6a7b07fe71482992db52fc97e6636a806cd166a1487bd492d9e3389813916"
                                  + "92010076c717b09ed7d0cc01a58660a7daae5f2e132a3f97fafb8daa2795a79ecf3e")
    /// The key 00 01 … 1f as unpadded base64url, as a JSON Web Key's `k`.
    static let key = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"

    /// The file object as Element sends it, with the vector's key, counter and hash.
    static func file(key: String = key, iv: String = "obLD1OX2p7gAAAAAAAAAAA",
                     sha256: String = "zCEVIFeMiQMmSNzHMiHN8OhtKqHdVnQQdIxJ3QKosgQ", alg: String = "A256CTR",
                     version: String = "v2", url: String = "mxc://example.org/abcDEF") throws -> EncryptedFile {
        let json = """
        {"url": "\(url)", "key": {"alg": "\(alg)", "ext": true, "k": "\(key)", "key_ops": ["encrypt", "decrypt"], "kty": "oct"},
         "iv": "\(iv)", "hashes": {"sha256": "\(sha256)"}, "v": "\(version)", "mimetype": "text/plain"}
        """
        return try JSONDecoder().decode(EncryptedFile.self, from: Data(json.utf8))
    }

    @Test func theOpenSSLVectorDecryptsToItsClearText() throws {
        let attachment = try EncryptedAttachment(Self.file())
        #expect(try attachment.decrypt(Self.ciphertext) == Self.clear)
        #expect(attachment.media.url.absoluteString == "mxc://example.org/abcDEF")
        #expect(attachment.mimeType == "text/plain")
    }

    @Test func theNISTCounterModeVectorDecrypts() throws {
        // SP 800-38A F.5.5: key 603deb…dff4, initial counter f0f1…feff; its four blocks of ciphertext and plaintext.
        let ciphertext = Self.bytes("601ec313775789a5b7a7f504bbf3d228f443e3ca4d62b59aca84e990cacaf5c5"
                                    + "2b0930daa23de94ce87017ba2d84988ddfc9c58db67aada613c2dd08457941a6")
        let plaintext = Self.bytes("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
                                   + "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710")
        let file = try Self.file(key: Self.base64(Self.bytes("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"), urlSafe: true),
                                 iv: Self.base64(Self.bytes("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"), urlSafe: false),
                                 sha256: "ZjExoH6exWoMfQZrvET9Tu+kuul87rJwH1PSFT6C/6U")
        #expect(try EncryptedAttachment(file).decrypt(ciphertext) == plaintext)
    }

    @Test func aCiphertextWhoseHashIsNotTheEventsIsRefusedBeforeDecrypting() throws {
        let attachment = try EncryptedAttachment(Self.file())
        var changed = Self.ciphertext
        changed[10] ^= 1
        #expect(throws: EncryptedAttachmentError.hashMismatch(url: "mxc://example.org/abcDEF")) { try attachment.decrypt(changed) }
        let sentence = EncryptedAttachmentError.hashMismatch(url: "mxc://example.org/abcDEF").description
        #expect(sentence.contains("SHA-256") && sentence.contains("mxc://example.org/abcDEF"))
    }

    /// Files each with one field wrong, and the field the error must name.
    static let malformed: [(file: @Sendable () throws -> EncryptedFile, field: String)] = [
        ({ try file(key: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHg") }, "key"),   // 31 bytes
        ({ try file(key: "not base64 at all!") }, "key"),
        ({ try file(iv: "obLD1OX2p7gAAAAAAAAA") }, "iv"),                          // 15 bytes
        ({ try file(sha256: "zCEVIFeMiQMmSNzHMiHN8Oht") }, "sha256"),
        ({ try file(url: "https://example.org/x") }, "url"),
        ({ try file(url: "mxc://example.org/../x") }, "url"),
    ]

    @Test(arguments: malformed.indices)
    func aMalformedFieldIsATypedErrorNamingIt(_ index: Int) throws {
        let (make, field) = Self.malformed[index]
        let file = try make()
        do throws(EncryptedAttachmentError) {
            _ = try EncryptedAttachment(file)
            Issue.record("a bad \(field) was accepted")
        } catch {
            guard case .malformed(_, let reported, _) = error else { Issue.record("\(error)"); return }
            #expect(reported == field)
            #expect(!error.description.contains(Self.key))
        }
    }

    @Test func anotherAlgorithmOrVersionIsUnsupported() throws {
        #expect(throws: EncryptedAttachmentError.unsupported(url: "mxc://example.org/abcDEF", what: "the algorithm A128CBC")) {
            try EncryptedAttachment(Self.file(alg: "A128CBC"))
        }
        #expect(throws: EncryptedAttachmentError.unsupported(url: "mxc://example.org/abcDEF", what: "format v1")) {
            try EncryptedAttachment(Self.file(version: "v1"))
        }
    }

    @Test func noDescriptionShowsTheKey() throws {
        let file = try Self.file()
        let attachment = try EncryptedAttachment(file)
        var dumped = ""
        dump(file, to: &dumped)
        dump(attachment, to: &dumped)
        for text in [String(describing: file), String(reflecting: file), String(describing: attachment), String(reflecting: attachment),
                     String(describing: file.key), dumped] {
            #expect(!text.contains(Self.key), "\(text)")
            #expect(!text.contains("AAECAwQF"), "\(text)")
        }
    }

    static func bytes(_ hex: String) -> Data {
        let digits = Array(hex.utf8)
        return Data(stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<($0 + 2)], as: UTF8.self), radix: 16)! })
    }

    static func base64(_ data: Data, urlSafe: Bool) -> String {
        var text = data.base64EncodedString()
        while text.hasSuffix("=") { text.removeLast() }
        return urlSafe ? text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_") : text
    }
}
