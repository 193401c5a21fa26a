// A cell shows the preview its load reports from the bytes so far (a web photo's EXIF thumbnail or first scans) in
// place of the placeholder — or of an earlier stand-in — and the picture when it lands.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

/// Reports a preview at once, then waits at `gate` before delivering the picture.
private struct PreviewingHandler: SchemeHandling {
    let gate: Gate
    static let preview = Data("Tpreview\n".utf8), picture = Data("Tpicture\n".utf8)

    func canHandle(_ url: URL) -> Bool { url.scheme == "slow" }
    func canonicalURL(for url: URL) throws -> URL { url }
    func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        client.didReceive(LoadResponse(expectedLength: Self.picture.count))
        client.didProducePreview(Self.preview)
        try await gate.wait()
        client.didLoad(Self.picture)
    }
}

@MainActor
@Suite struct LoadPreviewTests {
    @Test(arguments: [false, true])
    func theLoadsPreviewReplacesThePlaceholderOrAStandInThenThePictureReplacesIt(withStandIn: Bool) async throws {
        // Given a picture whose load reports a preview, then waits
        let gate = Gate()
        let loader = try SchemeLoader(handlers: [PreviewingHandler(gate: gate)])
        let cell = ImageCell(loader: loader)
        // When a cell shows it (with or without a stand-in ready at bind)
        cell.show(URL(string: "slow://photo")!, standIn: withStandIn ? Data("Tsketch\n".utf8) : nil)
        // Then the load's preview shows while it runs
        #expect(await UIFixtures.eventually { cell.content == .preview(data: PreviewingHandler.preview) })
        // and the picture replaces it when it lands
        gate.open()
        #expect(await UIFixtures.eventually { if case .image(let data, _) = cell.content { data == PreviewingHandler.picture } else { false } })
    }
}
