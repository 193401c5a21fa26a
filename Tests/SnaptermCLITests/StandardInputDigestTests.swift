// The cache key of piped bytes (`stdin://<digest>`) is their SHA-256: 64 hex digits, the same for the
// same bytes, different for different bytes — a crafted input cannot take another picture's key.
import Foundation
@testable import snapterm
import Testing

@Suite struct StandardInputDigestTests {
    @Test func theKeyIsTheSHA256OfTheBytes() {
        // Given the FIPS 180-2 example inputs, When their keys are made, Then they carry the published digests
        #expect(StandardInputHandler(data: Data("abc".utf8)).url.absoluteString
            == "stdin://ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(StandardInputHandler(data: Data()).url.absoluteString
            == "stdin://e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func equalBytesShareAKeyAndDifferentBytesNever() {
        // Given pictures differing in one bit, in their length, or only by a byte moved
        let picture = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var flipped = picture
        flipped[2000] ^= 0x01
        let variants = [picture, flipped, picture + Data([0]), Data(picture.dropFirst()) + picture.prefix(1)]

        // When their keys are made
        let keys = variants.map { StandardInputHandler(data: $0).url.host ?? "" }

        // Then each is 64 hex digits, the same bytes give the same key, different bytes different keys
        #expect(keys.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        #expect(StandardInputHandler(data: picture).url == StandardInputHandler(data: Data(picture)).url)
        #expect(Set(keys).count == variants.count)
    }
}
