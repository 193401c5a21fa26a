// AssetsFolder: where the shipped `assets/` folder (maps, photos) is, for every executable.
import Foundation

/// Finds the shipped `assets/` folder.
public enum AssetsFolder {
    /// `$SNAPTERM_ASSETS`, else an `assets/` folder (with a README.md) beside the executable or up to
    /// four folders above it, else `./assets`.
    public static func locate(environment: [String: String],
                              executable: String = CommandLine.arguments[0],
                              currentDirectory: String = FileManager.default.currentDirectoryPath) -> URL {
        if let path = environment["SNAPTERM_ASSETS"], !path.isEmpty { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("assets")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("README.md").path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: currentDirectory).appendingPathComponent("assets")
    }
}
