// AssetURLErrorTests: unknown or traversing ids and bad edit parameters are typed errors naming the cause.
import AssetLibrary
import Foundation
import SchemeLoader
import Testing

@Suite struct AssetURLErrorTests {
    @Test(arguments: [
        "nope", "../../etc/passwd", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "%2Fetc%2Fpasswd", "..%2f..%2fassets%2fphotos%2fcoffee.jpg",
        "coffee.jpg", "manifest.json",
    ])
    func traversalAttemptsAndStrangersAreUnknownIDs(id: String) async throws {
        let loader = try AssetFixtures.loader()
        let decoded = id.removingPercentEncoding ?? id
        await #expect(throws: AssetLibraryError.unknownAsset(id: decoded)) {
            try await loader.data(for: AssetFixtures.url("asset://?id=\(id)&width=10"))
        }
    }

    @Test(arguments: [
        ("crop=0.5,0.5,0.8,0.8", "crop"), ("crop=a,b,c,d", "crop"), ("crop=0,0,0,1", "crop"),
        ("filter=sparkle", "filter"), ("rotate=45", "rotate"), ("rotate=ninety", "rotate"),
        ("width=0", "width"), ("width=100000", "width"), ("height=-5", "height"), ("mode=stretch", "mode"),
        ("colour=red", "colour"),
    ])
    func aBadParameterIsNamed(query: String, name: String) async throws {
        let loader = try AssetFixtures.loader()
        await #expect {
            try await loader.data(for: AssetFixtures.url("asset://?id=\(AssetFixtures.coffee)&\(query)"))
        } throws: { error in
            switch error as? LoadError {
            case .invalidParameter(let named, _, _)?: named == name
            default: "\(error)".contains(name)
            }
        }
    }

    @Test func theCanonicalKeyCoversEveryEditParameter() throws {
        let loader = try AssetFixtures.loader()
        let base = "asset://?id=\(AssetFixtures.coffee)&width=100"
        let variants = ["", "&crop=0.1,0,0.9,1", "&filter=sepia", "&rotate=180", "&mode=fill", "&height=50"]
        let keys = try variants.map { try loader.canonicalURL(for: AssetFixtures.url(base + $0)).absoluteString }
        #expect(Set(keys).count == variants.count)
        // Spelling differences that mean the same picture share one key.
        #expect(try loader.canonicalURL(for: AssetFixtures.url("asset://?width=100&id=\(AssetFixtures.coffee)&filter=none&rotate=360"))
            == loader.canonicalURL(for: AssetFixtures.url(base)))
    }
}
