// Typed URL builders: they round-trip with their parsers and reject bad values by parameter name.
import Foundation
import SchemeLoader
import Testing

@Suite struct TypedURLErrorTests {
    private func mapError(_ query: String) -> LoadError? {
        do {
            _ = try MapSnapshotURL(url: URL(string: "map://?\(query)")!)
            return nil
        } catch {
            return error as? LoadError
        }
    }

    private func parameterName(_ error: LoadError?) -> String? {
        switch error {
        case .invalidParameter(let name, _, _)?, .missingParameter(let name, _)?: name
        default: nil
        }
    }

    @Test(arguments: [
        ("latitude=abc&longitude=1", "latitude"),
        ("latitude=91&longitude=1", "latitude"),
        ("latitude=nan&longitude=1", "latitude"),
        ("latitude=1&longitude=200", "longitude"),
        ("longitude=1", "latitude"),
        ("latitude=1", "longitude"),
        ("latitude=1&longitude=1&zoom=40", "zoom"),
        ("latitude=1&longitude=1&width=0", "width"),
        ("latitude=1&longitude=1&width=100000", "width"),
        ("latitude=1&longitude=1&height=2.5", "height"),
        ("latitude=1&longitude=1&style=neon", "style"),
        ("latitude=1&longitude=1&pin=maybe", "pin"),
        ("lattitude=1&longitude=1", "lattitude"),
        ("latitude=1&latitude=2&longitude=1", "latitude"),
    ])
    func badMapParametersAreNamed(query: String, parameter: String) {
        #expect(parameterName(mapError(query)) == parameter)
    }

    @Test func mapRoundTrips() throws {
        let snapshot = try MapSnapshotURL(latitude: 59.935634, longitude: 30.325935, zoom: 12.5, width: 240, height: 160, style: .dark, showsPin: false)
        #expect(try MapSnapshotURL(url: snapshot.url) == snapshot)
    }

    @Test func assetRoundTrips() throws {
        let asset = try AssetURL(id: "p-3f9a2c", width: 1920, height: 1280, crop: AssetCrop(x: 0.1, y: 0.1, width: 0.8, height: 0.8),
                                 filter: .sepia, rotate: 270, mode: .fill)
        #expect(try AssetURL(url: asset.url) == asset)
    }

    @Test(arguments: [
        ("width=1", "id"),
        ("id=", "id"),
        ("id=a&crop=0.5,0.5,0.6,0.1", "crop"),
        ("id=a&crop=1,2,3", "crop"),
        ("id=a&filter=glow", "filter"),
        ("id=a&rotate=45", "rotate"),
        ("id=a&rotate=ninety", "rotate"),
        ("id=a&width=0", "width"),
        ("id=a&width=100000", "width"),
        ("id=a&colour=red", "colour"),
    ])
    func badAssetParametersAreNamed(query: String, parameter: String) {
        var caught: LoadError?
        do { _ = try AssetURL(url: URL(string: "asset://?\(query)")!) } catch { caught = error as? LoadError }
        #expect(parameterName(caught) == parameter)
    }

    @Test func errorMessagesNameTheCause() {
        let message = String(describing: mapError("latitude=91&longitude=1")!)
        #expect(message.contains("latitude=91"))
        #expect(message.contains("-90"))
    }
}
