// FilePermissions: the files and folders under a root that anybody but their owner may open.
import Foundation

/// Checks that what a program keeps is private to its owner.
public enum FilePermissions {
    /// Every folder and file under `root` (relative name and octal mode) whose mode lets a group or others in.
    public static func openToOthers(under root: URL) -> [String] {
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: root.path) else { return ["cannot list \(root.path)"] }
        var found: [String] = []
        for case let name as String in walker {
            let path = root.appendingPathComponent(name).path
            guard let mode = (try? manager.attributesOfItem(atPath: path))?[.posixPermissions] as? Int else { continue }
            if mode & 0o077 != 0 { found.append("\(name) \(String(mode, radix: 8))") }
        }
        return found
    }

    /// The permission bits of `url`, or `nil` when it cannot be read.
    public static func mode(of url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int
    }
}
