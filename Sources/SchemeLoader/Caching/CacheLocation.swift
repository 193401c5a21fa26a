// CacheLocation: where Snapterm keeps its caches, following the XDG base-directory rules.
import Foundation

/// Resolves Snapterm's cache directory from an environment (injected, so tests control it).
public enum CacheLocation {
    /// `$XDG_CACHE_HOME/snapterm`, else `<home>/.cache/snapterm`, where home is `$HOME` (absolute)
    /// or, when `HOME` is unset, `accountHome` (the account's home from the password database).
    /// `nil` when no home is known: the caller refuses — never a shared temporary folder, which
    /// another user could create first, read or fill with crafted entries. `accountHome` is evaluated
    /// only when needed (a password-database lookup reads files).
    public static func directory(environment: [String: String], accountHome: @autoclosure () -> String? = nil) -> URL? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("snapterm")
        }
        guard let home = homeDirectory(environment: environment, accountHome: accountHome()) else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/snapterm")
    }

    /// `$HOME` when it is an absolute path, else `accountHome` when that is, else `nil`.
    public static func homeDirectory(environment: [String: String], accountHome: @autoclosure () -> String?) -> String? {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        if let accountHome = accountHome(), accountHome.hasPrefix("/"), accountHome != "/" { return accountHome }
        return nil
    }
}
