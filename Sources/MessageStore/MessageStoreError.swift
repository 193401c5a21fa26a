// MessageStoreError: why the message database could not be used — each case names the file.
import Foundation

/// Why the message store failed.
public enum MessageStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database file could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// The file is not a usable SQLite database (it is left untouched).
    case corrupted(path: String, reason: String)
    /// The file or its folder cannot be written.
    case readOnly(path: String)
    /// The file was written by a newer Snapterm (its schema has migrations this build does not
    /// know); it is left untouched.
    case newerSchema(path: String, unknownMigrations: [String])
    /// Another connection or process holds the database's write lock (for longer than the write waited).
    case locked(path: String)
    /// No conversation has this id.
    case unknownConversation(Int64)
    /// The disk (or the database's size limit) is full: the write was not made, nothing it would change is lost.
    case diskFull(path: String)
    /// A database operation failed.
    case operationFailed(reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open the message database \(path): \(reason)"
        case .corrupted(let path, let reason):
            "the message database \(path) is damaged (\(reason)); it was left as it is — move it away to start afresh"
        case .readOnly(let path): "the message database \(path) is read-only; check the file's permissions"
        case .newerSchema(let path, let unknown):
            "the message database \(path) was written by a newer Snapterm (schema \(unknown.joined(separator: ", "))); "
                + "it was left as it is — use that version, or move the file away to start afresh"
        case .locked(let path): "the message database \(path) is locked by another process"
        case .unknownConversation(let id): "no conversation with id \(id)"
        case .diskFull(let path): "the disk is full: the message database \(path) cannot grow (nothing was changed)"
        case .operationFailed(let reason): "message database error: \(reason)"
        }
    }
}
