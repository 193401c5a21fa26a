// A stage reading its source as it downloads hears the bytes so far after each chunk — never the last chunk of a
// known length (the whole result follows at once), never for a cached copy.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct BytesSoFarTests {
    private static let body = Data((0..<40_000).map { UInt8($0 % 241) })

    /// `stage:<source URL>`: loads its source reading the bytes so far into `heard`, and delivers the source's bytes.
    private struct ReadingStage: SchemeHandling {
        let heard: Locked<[Data]>
        func canHandle(_ url: URL) -> Bool { url.scheme == "stage" }
        func canonicalURL(for url: URL) throws -> URL { url }

        func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
            let source = URL(string: String(task.url.absoluteString.dropFirst("stage:".count)))!
            let loaded = try await task.source(source, bytesSoFar: { [heard] bytes in heard.withLock { $0.append(bytes) } })
            client.didReceive(LoadResponse(mimeType: "application/octet-stream", expectedLength: loaded.data.count,
                                           storagePolicy: .notAllowed))
            client.didLoad(loaded.data)
        }
    }

    @Test func aDownloadInFourPiecesIsHeardThreeTimesGrowingThenWhole() async throws {
        // Given a server sending a body (fresh for an hour) in 4 pieces 150 ms apart
        let server = try await TestHTTPServer(routes: ["/p": .respond(headers: [("Cache-Control", "max-age=3600")], body: Self.body,
                                                                      chunks: 4, delay: .milliseconds(150))])
        let heard = Locked<[Data]>([])
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler(), ReadingStage(heard: heard)])
        let stage = URL(string: "stage:" + server.url("/p").absoluteString)!
        // When a stage loads it reading the bytes so far
        let result = try await loader.data(for: stage)
        // Then it heard growing prefixes of the body, each shorter than the whole, then got the whole
        let prefixes = heard.withLock { $0 }
        #expect(!prefixes.isEmpty)
        #expect(prefixes.allSatisfy { $0.count < Self.body.count && Self.body.starts(with: $0) })
        #expect(zip(prefixes, prefixes.dropFirst()).allSatisfy { $0.count < $1.count })
        #expect(result.data == Self.body)
        // and asked again, the copy in memory comes whole, with nothing heard
        heard.withLock { $0 = [] }
        _ = try await loader.data(for: stage)
        #expect(heard.withLock { $0.isEmpty })
        await loader.shutdown()
        await server.stop()
    }
}
