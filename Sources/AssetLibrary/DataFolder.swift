// DataFolder: where Snapterm's shipped data (maps, the place list, the demo photos) is, for every
// executable — found from the program's real path, so a package, a `--prefix` install, an unpacked
// tarball and a checkout's build all work from any folder and through any symlink.
import Foundation

/// Finds the shipped data folder: the one holding `maps/places.tsv` (and `maps/*.mbtiles`, `photos/`).
public enum DataFolder {
    /// The variable naming the data folder; when set it is the only place looked at.
    public static let variable = "SNAPTERM_DATA"
    /// The file every data folder holds.
    public static let marker = "maps/places.tsv"

    /// The places looked at, in order. `$SNAPTERM_DATA` alone when set: an override that quietly fell
    /// back to other data would hide a typo, so a wrong one is reported instead. Otherwise, from the
    /// program's real path `PREFIX/bin/snapterm`: `PREFIX/share/snapterm` (a package or an install),
    /// then an `assets/` folder beside the program or up to three folders above it (a checkout's
    /// `.build/<triple>/debug/snapterm`). Never the current folder.
    public static func candidates(environment: [String: String], executable: URL?) -> [URL] {
        if let path = environment[variable], !path.isEmpty { return [URL(fileURLWithPath: path).standardizedFileURL] }
        guard let executable else { return [] }
        var folder = executable.deletingLastPathComponent()
        var found = [folder.deletingLastPathComponent().appendingPathComponent("share/snapterm")]
        for _ in 0..<4 {
            found.append(folder.appendingPathComponent("assets"))
            guard folder.path != "/" else { break }
            folder.deleteLastPathComponent()
        }
        return found
    }

    /// The first candidate holding the data, or an error naming every place looked at.
    public static func locate(environment: [String: String],
                              executable: URL? = runningExecutable) throws(AssetLibraryError) -> URL {
        let places = candidates(environment: environment, executable: executable)
        if let found = places.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent(marker).path) }) {
            return found
        }
        let overridden = environment[variable].map { !$0.isEmpty } ?? false
        throw .noDataFolder(searched: places.map(\.path), variable: overridden ? variable : nil)
    }

    /// The running program's real path, every symlink resolved (`/proc/self/exe` on Linux): `argv[0]`
    /// is only a name when the program was found on `PATH`.
    public static var runningExecutable: URL? {
        #if os(Linux)
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            pointer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: pointer.count) { readlink("/proc/self/exe", $0, pointer.count) }
        }
        guard count > 0, count < buffer.count else { return nil }
        return URL(fileURLWithPath: String(decoding: buffer[..<count], as: UTF8.self))
        #else
        return Bundle.main.executableURL?.resolvingSymlinksInPath()
        #endif
    }
}
