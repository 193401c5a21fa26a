// `snapterm fetch asset://…`: the gallery is registered in the shared loader; edits and errors work end to end.
import Foundation
import TestSupport
import Testing

@Suite struct FetchAssetTests {
    private func environment(_ folder: TemporaryDirectory) -> [String: String] {
        ["SNAPTERM_DATA": CommandRunner.repositoryRoot.appendingPathComponent("assets").path,
         "XDG_CACHE_HOME": folder.appending("cache").path]
    }

    @Test func anEditedAssetIsRenderedThenServedFromDisk() async throws {
        let folder = try TemporaryDirectory()
        let url = "asset://?id=p-80c68192&width=120&height=80&filter=sepia&rotate=90"
        let first = try await CommandRunner.run(["fetch", "--stats", "-o", folder.appending("a.jpg").path, url], environment: environment(folder))
        #expect(first.status == 0)
        #expect(first.stderr.contains("source=handler") && first.stderr.contains("type=image/jpeg"))
        let again = try await CommandRunner.run(["fetch", "--stats", "-o", folder.appending("b.jpg").path, url], environment: environment(folder))
        #expect(again.stderr.contains("source=disk"))
        #expect(try Data(contentsOf: folder.appending("a.jpg")) == Data(contentsOf: folder.appending("b.jpg")))
    }

    @Test(arguments: [
        ("asset://?id=../../etc/passwd", "unknown asset id=../../etc/passwd"),
        ("asset://?id=p-80c68192&rotate=45", "invalid rotate=45"),
        ("asset://?id=p-80c68192&filter=glow", "invalid filter=glow"),
    ])
    func badAssetURLsAreOneLineErrors(url: String, message: String) async throws {
        let folder = try TemporaryDirectory()
        let output = try await CommandRunner.run(["fetch", url], environment: environment(folder))
        #expect(output.status != 0)
        #expect(output.stderr.contains(message))
    }
}
