// CommandSuggestion: "did you mean 'snapterm render'?" for a mistyped command that names no file either.
import Foundation

/// A mistyped command: `snapterm rendr x.jpg` would otherwise open a gallery of a file named "rendr" and say
/// "No such file or directory".
enum CommandSuggestion {
    /// The commands a first argument may mean.
    static let commands = ["browse", "fetch", "render", "login", "logout", "accounts", "help"]

    /// The command `argument` is most likely a typo of (at most two letters off), when it is no command itself,
    /// no option, and names nothing on disk; else `nil`.
    static func suggestion(for argument: String, exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) })
        -> String? {
        guard !argument.isEmpty, argument.count <= 12, !commands.contains(argument),
              argument.allSatisfy({ $0.isLetter }), !exists(argument) else { return nil }
        let scored = commands.map { (command: $0, distance: distance(argument.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }),
              best.distance <= min(2, best.command.count / 3) else { return nil }
        return best.command
    }

    /// The edit distance between `a` and `b`: insertions, deletions, substitutions and swaps of two neighbours
    /// (`fecth`) each count one.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                var best = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, table[i - 2][j - 2] + 1) }
                table[i][j] = best
            }
        }
        return table[a.count][b.count]
    }
}
