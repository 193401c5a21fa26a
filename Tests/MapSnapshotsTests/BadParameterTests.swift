// BadParameterTests: every bad `map://` parameter is a typed error naming that parameter.
import Foundation
import MapSnapshots
import SchemeLoader
import Testing

@Suite struct BadParameterTests {
    private let handler = MapSchemeHandler(tilesFiles: [MapTestFiles.world])

    @Test("Given a bad parameter, when the handler reads the URL, then the error names it",
          arguments: [
              ("map://?longitude=30", "latitude"),
              ("map://?latitude=abc&longitude=30", "latitude"),
              ("map://?latitude=91&longitude=30", "latitude"),
              ("map://?latitude=nan&longitude=30", "latitude"),
              ("map://?latitude=NaN&longitude=30", "latitude"),
              ("map://?latitude=60", "longitude"),
              ("map://?latitude=60&longitude=200", "longitude"),
              ("map://?latitude=60&longitude=nan", "longitude"),
              ("map://?latitude=60&longitude=30&zoom=40", "zoom"),
              ("map://?latitude=60&longitude=30&zoom=-1", "zoom"),
              ("map://?latitude=60&longitude=30&width=0", "width"),
              ("map://?latitude=60&longitude=30&width=100000", "width"),
              ("map://?latitude=60&longitude=30&height=0", "height"),
              ("map://?latitude=60&longitude=30&height=4096", "height"),
              ("map://?latitude=60&longitude=30&style=sepia", "style"),
          ])
    func badParameter(url text: String, parameter: String) throws {
        let url = try #require(URL(string: text))
        do {
            _ = try handler.canonicalURL(for: url)
            Issue.record("\(text) was accepted")
        } catch let error as LoadError {
            switch error {
            case .missingParameter(let name, _), .invalidParameter(let name, _, _):
                #expect(name == parameter, "\(text): \(error)")
                #expect(error.description.contains(parameter))
            default:
                Issue.record("\(text): unexpected \(error)")
            }
        }
    }

    @Test("Given a bad parameter, when loaded, then load throws the same named error and renders nothing")
    func loadRejects() async throws {
        let url = try #require(URL(string: "map://?latitude=91&longitude=30"))
        let loader = try SchemeLoader(handlers: [handler])
        do {
            _ = try await loader.data(for: url)
            Issue.record("latitude=91 was rendered")
        } catch let error as LoadError {
            guard case .invalidParameter(let name, let value, _) = error else { Issue.record("unexpected \(error)"); return }
            #expect(name == "latitude" && value == "91")
        }
    }
}
