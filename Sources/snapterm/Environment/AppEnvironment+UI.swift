// AppEnvironment+UI: the data files the terminal UI reads — the place list and the demo's local picture.
import AssetLibrary
import Foundation

extension AppEnvironment {
    /// The places of the places screen and the location picker (`maps/places.tsv` of the data).
    var placesFile: URL {
        get throws(AssetLibraryError) { try dataDirectory.appendingPathComponent(DataFolder.marker) }
    }

    /// The local picture the demo conversation attaches as a `file://` URL.
    var demoFileImage: URL {
        get throws(AssetLibraryError) { try dataDirectory.appendingPathComponent("photos/grace-hopper.jpg") }
    }

    /// This environment with `name` set to `value` (when given), e.g. a command-line flag that
    /// overrides an environment variable.
    func setting(_ name: String, to value: String?) -> AppEnvironment {
        guard let value else { return self }
        var changed = variables
        changed[name] = value
        var environment = AppEnvironment(variables: changed, executable: executable)
        environment.tileVersions = tileVersions
        return environment
    }
}
