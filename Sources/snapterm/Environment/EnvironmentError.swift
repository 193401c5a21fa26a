// EnvironmentError: what the process environment — its folders, files and standard streams — does not allow.
import Foundation

/// Why the environment cannot be used.
enum EnvironmentError: Error, CustomStringConvertible {
    /// Neither `HOME` nor the account's home is known, and the XDG variable is unset: there is no
    /// private place for `needed` (a shared temporary folder is never used instead).
    case noHome(needed: String, variable: String)
    /// The output file named by the user is something a picture must not be written to.
    case outputNotWritable(path: String, kind: String)
    /// The output file could not be opened or written.
    case outputUnwritable(path: String, reason: String)

    var description: String {
        switch self {
        case .noHome(let needed, let variable):
            "no home folder for \(needed): HOME is unset and the account has none; set HOME or \(variable)"
        case .outputNotWritable(let path, let kind):
            "not writing to \(path): it is \(kind)"
        case .outputUnwritable(let path, let reason):
            "cannot write \(path): \(reason)"
        }
    }
}
