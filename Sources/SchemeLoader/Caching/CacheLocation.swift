// CacheLocation: where Snapterm keeps its caches, following the XDG base-directory rules.
import Foundation

/// Resolves Snapterm's cache directory from an environment (injected, so tests control it).
public enum CacheLocation {
    /// `$XDG_CACHE_HOME/snapterm`, else `$HOME/.cache/snapterm`, else a folder in the temporary directory.
    public static func directory(environment: [String: String]) -> URL {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("snapterm")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return URL(fileURLWithPath: home).appendingPathComponent(".cache/snapterm")
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("snapterm-cache")
    }
}
