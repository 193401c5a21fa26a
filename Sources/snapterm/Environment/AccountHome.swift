// AccountHome: the current account's home folder from the password database.
import Foundation

/// Looks up the home folder of the real user id (`getpwuid_r`), for when `HOME` is unset.
enum AccountHome {
    /// The account's home folder when it is an absolute path to an existing folder, else `nil`.
    static func lookUp() -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &result) == 0, result != nil, let home = entry.pw_dir
        else { return nil }
        let path = String(cString: home)
        var isFolder: ObjCBool = false
        guard path.hasPrefix("/"), FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
        else { return nil }
        return path
    }
}
