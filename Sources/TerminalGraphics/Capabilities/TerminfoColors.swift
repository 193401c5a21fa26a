// TerminfoColors: the `colors` number of the terminal's compiled terminfo entry — what curses programs
// (ranger, lf's preview pane) believe the terminal has, read without initialising curses.
import Foundation

/// Reads `colors` from a compiled terminfo entry (the legacy and the 32-bit-number formats of ncurses).
public enum TerminfoColors {
    /// The folders searched, in ncurses' order: `$TERMINFO`, `~/.terminfo`, `$TERMINFO_DIRS`, then the
    /// system folders.
    public static func searchFolders(environment: [String: String]) -> [String] {
        var folders: [String] = []
        if let folder = environment["TERMINFO"], !folder.isEmpty { folders.append(folder) }
        if let home = environment["HOME"], !home.isEmpty { folders.append(home + "/.terminfo") }
        if let list = environment["TERMINFO_DIRS"] {
            folders += list.split(separator: ":", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "/usr/share/terminfo" : String($0) }
        }
        return folders + ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo"]
    }

    /// `colors` of the entry for `TERM`: 0 when the entry has none (a monochrome terminal), `nil` when
    /// no entry is found.
    public static func count(environment: [String: String]) -> Int? {
        guard let term = environment["TERM"], !term.isEmpty, !term.contains("/"), term != ".", term != "..",
              let first = term.utf8.first else { return nil }
        for folder in searchFolders(environment: environment) {
            for subfolder in [String(UnicodeScalar(first)), String(first, radix: 16)] {
                let path = "\(folder)/\(subfolder)/\(term)"
                guard let handle = FileHandle(forReadingAtPath: path) else { continue }
                defer { try? handle.close() }
                // Entries are at most 32 KB in the extended format; a larger file is not an entry.
                guard let data = try? handle.read(upToCount: 32_768) else { return nil }
                return colors(inEntry: data)
            }
        }
        return nil
    }

    /// `colors` (number capability 13) of a compiled entry, 0 when absent or cancelled; `nil` when the
    /// data is not an entry.
    public static func colors(inEntry data: Data) -> Int? {
        let bytes = [UInt8](data)
        func short(_ offset: Int) -> Int? {
            guard offset + 1 < bytes.count else { return nil }
            return Int(Int16(bitPattern: UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8))
        }
        guard let magic = short(0), magic == 0o432 || magic == 0o1036,
              let namesSize = short(2), let booleans = short(4), let numbers = short(6),
              namesSize >= 0, booleans >= 0, numbers >= 0 else { return nil }
        guard numbers > 13 else { return 0 }
        let width = magic == 0o1036 ? 4 : 2
        var offset = 12 + namesSize + booleans
        if offset % 2 == 1 { offset += 1 }
        offset += 13 * width
        guard offset + width <= bytes.count else { return nil }
        var value = 0
        for index in (0..<width).reversed() { value = value << 8 | Int(bytes[offset + index]) }
        if width == 2 { value = Int(Int16(truncatingIfNeeded: value)) } else { value = Int(Int32(truncatingIfNeeded: value)) }
        return max(value, 0)
    }
}
