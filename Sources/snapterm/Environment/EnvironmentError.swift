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
    /// `-` was named but the process was started with standard input closed.
    case standardInputClosed
    /// `-` was named but standard input is a directory.
    case standardInputIsDirectory
    /// Standard input holds more than `limit` bytes.
    case standardInputTooLarge(limit: Int)
    /// Reading standard input failed.
    case standardInputUnreadable(reason: String)
    /// No password could be read for `snapterm login` (the reason never contains the password).
    case noPassword(reason: String)

    var description: String {
        switch self {
        case .noHome(let needed, let variable):
            "no home folder for \(needed): HOME is unset and the account has none; set HOME or \(variable)"
        case .outputNotWritable(let path, let kind):
            "not writing to \(path): it is \(kind)"
        case .outputUnwritable(let path, let reason):
            "cannot write \(path): \(reason)"
        case .standardInputClosed:
            "standard input is closed, so - has nothing to read; pipe the picture in, or name its file"
        case .standardInputIsDirectory:
            "standard input is a directory, not a picture; pipe the picture's bytes in, or name its file"
        case .standardInputTooLarge(let limit):
            "standard input holds more than \(limit >> 20) MiB, the most - reads"
        case .standardInputUnreadable(let reason):
            "cannot read standard input: \(reason)"
        case .noPassword(let reason):
            "no password was read: \(reason)"
        }
    }
}
