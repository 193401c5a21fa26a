// AppEnvironment+UI: the data files the terminal UI reads — the place list and the demo's local picture.
import Foundation

extension AppEnvironment {
    /// The places of the places screen and the location picker (`assets/maps/places.tsv`).
    var placesFile: URL { assetsDirectory.appendingPathComponent("maps/places.tsv") }

    /// The local picture the demo conversation attaches as a `file://` URL.
    var demoFileImage: URL { assetsDirectory.appendingPathComponent("photos/grace-hopper.jpg") }

    /// This environment with `name` set to `value` (when given), e.g. a command-line flag that
    /// overrides an environment variable.
    func setting(_ name: String, to value: String?) -> AppEnvironment {
        guard let value else { return self }
        var changed = variables
        changed[name] = value
        return AppEnvironment(variables: changed)
    }
}
