// NoScrollTerminfo: a terminfo entry derived from $TERM without the capabilities with which
// ncurses would scroll, insert/delete lines or bulk-erase — each of those moves or wipes pictures.
import Foundation

/// Builds (once per process, with `tic`) a variant of the current terminal type that ncurses can
/// drive without disturbing pictures drawn behind its back (docs/ARCHITECTURE.md, "Where each terminal
/// protocol lives").
public enum NoScrollTerminfo {
    /// The removed capabilities.
    static let cancelled = ["csr", "ind", "indn", "ri", "rin", "il", "il1", "dl", "dl1", "el", "el1", "ed"]

    /// The source text of the entry for `base`.
    public static func source(base: String, name: String) -> String {
        "\(name)|\(base) for snapterm without scrolling or bulk erase,\n\t"
            + cancelled.map { $0 + "@" }.joined(separator: ", ") + ", use=\(base),\n"
    }

    /// Compiles the entry into `directory` and returns its name, or `nil` when `tic` is missing or
    /// the base type is unknown (ncurses then runs on the plain `TERM`).
    public static func install(base: String, in directory: URL) -> String? {
        guard base.allSatisfy({ $0.isLetter || $0.isNumber || "-_.+".contains($0) }), !base.isEmpty else { return nil }
        let name = "snapterm-\(base)"
        let sourceFile = directory.appendingPathComponent("\(name).ti")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try source(base: base, name: name).write(to: sourceFile, atomically: true, encoding: .utf8)
        } catch {
            return nil
        }
        let tic = Process()
        tic.executableURL = URL(fileURLWithPath: "/usr/bin/tic")
        tic.arguments = ["-x", "-o", directory.path, sourceFile.path]
        tic.standardOutput = FileHandle.nullDevice
        tic.standardError = FileHandle.nullDevice
        do {
            try tic.run()
            tic.waitUntilExit()
        } catch {
            return nil
        }
        return tic.terminationStatus == 0 ? name : nil
    }
}
