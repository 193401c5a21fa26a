// ContentTagTests: a tag made from bytes is the same for the same bytes and differs when any byte differs —
// in the 8-byte words and in the tail that does not fill one.
import Foundation
import SchemeLoader
import Testing

@Suite struct ContentTagTests {
    private let bytes = Data((0..<1_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })

    @Test func theSameBytesGiveTheSameTag() {
        #expect(CacheValidators.contentTag(of: bytes) == CacheValidators.contentTag(of: Data(bytes)))
    }

    @Test(arguments: [0, 7, 8, 500, 999, 1_000, 1_002])
    func anyChangedByteChangesTheTag(at offset: Int) {
        var changed = bytes
        changed[offset] ^= 0x40
        #expect(CacheValidators.contentTag(of: changed) != CacheValidators.contentTag(of: bytes))
    }

    @Test func twoWordsSwappedChangeTheTag() {
        var swapped = bytes
        swapped.replaceSubrange(0..<8, with: bytes[8..<16])
        swapped.replaceSubrange(8..<16, with: bytes[0..<8])
        #expect(CacheValidators.contentTag(of: swapped) != CacheValidators.contentTag(of: bytes))
    }

    @Test func theLengthIsPartOfTheTag() {
        #expect(CacheValidators.contentTag(of: bytes).hasSuffix("-1003\""))
        #expect(CacheValidators.contentTag(of: Data()) != CacheValidators.contentTag(of: Data([0])))
    }
}
