// The DocC article "Writing a scheme handler" shows SwatchSchemeHandler.swift as it is, and the handler
// does what the article says: one key per picture, bytes with their response, errors naming the parameter.
import Foundation
import SchemeLoader
import Testing

@Suite struct SchemeHandlerArticleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    @Test func givenTheArticleWhenItsCodeIsReadThenItIsTheTestedHandlerVerbatim() throws {
        let root = Self.folder.deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(contentsOf: root.appendingPathComponent(
            "Sources/SchemeLoader/SchemeLoader.docc/WritingASchemeHandler.md"), encoding: .utf8)
        let handler = try String(contentsOf: Self.folder.appendingPathComponent("SwatchSchemeHandler.swift"), encoding: .utf8)
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.contains(handler), "WritingASchemeHandler.md no longer shows Tests/SchemeLoaderTests/SwatchSchemeHandler.swift as it is")
    }

    @Test func givenTwoSpellingsOfOneSwatchWhenLoadedThenTheSecondIsAMemoryHitOfTheSamePicture() async throws {
        let loader = try SchemeLoader(handlers: [SwatchSchemeHandler()])
        let first = try await loader.data(for: URL(string: "SWATCH://?size=2&color=FF8000")!)
        #expect(first.source == .handler)
        #expect(first.url.absoluteString == "swatch://?color=ff8000&size=2")
        #expect(first.response.mimeType == "image/x-portable-pixmap")
        #expect(first.data == Data("P6\n2 2\n255\n".utf8) + Data((0..<4).flatMap { _ -> [UInt8] in [0xFF, 0x80, 0x00] }))
        let second = try await loader.data(for: URL(string: "swatch://?color=ff8000&size=2")!)
        #expect(second.source == .memory)
        #expect(second.data == first.data)
    }

    @Test func givenTheDefaultSizeWhenCanonicalisedThenItIsSpelledOut() throws {
        let loader = try SchemeLoader(handlers: [SwatchSchemeHandler()])
        #expect(try loader.canonicalURL(for: URL(string: "swatch://?color=336699")!).absoluteString == "swatch://?color=336699&size=8")
    }

    @Test(arguments: [
        ("swatch://?color=blue", LoadError.invalidParameter(name: "color", value: "blue", reason: "not six hexadecimal digits")),
        ("swatch://?size=4", LoadError.missingParameter(name: "color", url: "swatch://?size=4")),
    ])
    func givenABadSwatchWhenLoadedThenTheErrorNamesTheParameter(url: String, expected: LoadError) async throws {
        let loader = try SchemeLoader(handlers: [SwatchSchemeHandler()])
        await #expect(throws: expected) { try await loader.data(for: URL(string: url)!) }
    }

    @Test func givenAnUnknownParameterWhenLoadedThenItIsRefusedByName() async throws {
        let loader = try SchemeLoader(handlers: [SwatchSchemeHandler()])
        do {
            _ = try await loader.data(for: URL(string: "swatch://?color=336699&colour=red")!)
            Issue.record("a misspelt parameter was accepted")
        } catch let LoadError.invalidParameter(name, _, _) {
            #expect(name == "colour")
        }
    }
}
