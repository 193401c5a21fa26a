// EnvironmentError: what the process environment lacks for a command to run safely.
import Foundation

/// Why the environment cannot be used.
enum EnvironmentError: Error, CustomStringConvertible {
    /// Neither `HOME` nor the account's home is known, and the XDG variable is unset: there is no
    /// private place for `needed` (a shared temporary folder is never used instead).
    case noHome(needed: String, variable: String)

    var description: String {
        switch self {
        case .noHome(let needed, let variable):
            "no home folder for \(needed): HOME is unset and the account has none; set HOME or \(variable)"
        }
    }
}
