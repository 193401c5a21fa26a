// URLListError: why a list file of pictures (`snapterm --list FILE`), or one of its lines, cannot be used.
import Foundation

/// A list file that cannot be read at all, or one bad line of it (the other lines still open).
enum URLListError: Error, Equatable, CustomStringConvertible {
    /// The list could not be opened or read (`list` as the user named it; `-` is standard input).
    case unreadable(list: String, reason: String)
    /// The list is larger than `limit` bytes (nothing of it is used).
    case tooLarge(list: String, limit: Int)
    /// Line `number` (from 1) names no picture, for `reason`.
    case badLine(list: String, number: Int, reason: BadLine)
    /// More bad lines than are reported one by one: `count` more.
    case moreBadLines(list: String, count: Int)
    /// The list names more than `limit` pictures: those from line `fromLine` on are not opened.
    case tooManyPictures(list: String, limit: Int, fromLine: Int)

    /// What is wrong with one line.
    enum BadLine: Equatable, CustomStringConvertible {
        /// The line's bytes are not UTF-8 text.
        case notUTF8
        /// The line holds a control character (C0, DEL, C1 or a bidirectional control).
        case controlCharacter(UInt32)
        /// The line is longer than the `limit` bytes a path may have.
        case tooLong(bytes: Int, limit: Int)
        /// The line starts like a URL (`scheme:`) but is not one.
        case notAURL(String)
        /// A URL of a scheme the loader does not read.
        case unsupportedScheme(String, supported: [String])
        /// An http(s) URL without a host.
        case noHost(String)
        /// `-`: standard input is no picture inside a list.
        case standardInput
        /// A folder the line names could not be listed (`reason`).
        case folderUnlisted(String)

        var description: String {
            switch self {
            case .notUTF8: "not UTF-8 text"
            case .controlCharacter(let value): String(format: "control character U+%04X", value)
            case .tooLong(let bytes, let limit): "\(bytes) bytes long (at most \(limit))"
            case .notAURL(let text): "not a URL: \(URLListError.excerpt(text))"
            case .unsupportedScheme(let scheme, let supported):
                "unsupported scheme '\(URLListError.excerpt(scheme))' (use \(supported.joined(separator: ", ")) or a path)"
            case .noHost(let text): "no host in \(URLListError.excerpt(text))"
            case .standardInput: "'-' (standard input) cannot be a picture in a list"
            case .folderUnlisted(let reason): reason
            }
        }
    }

    var description: String {
        switch self {
        case .unreadable(let list, let reason): "cannot read the list \(Self.name(list)): \(reason)"
        case .tooLarge(let list, let limit): "the list \(Self.name(list)) is larger than \(limit >> 20) MiB"
        case .badLine(let list, let number, let reason): "\(Self.name(list)) line \(number): \(reason), skipped"
        case .moreBadLines(let list, let count): "\(Self.name(list)): \(count) more bad \(count == 1 ? "line" : "lines"), skipped"
        case .tooManyPictures(let list, let limit, let line):
            "\(Self.name(list)) names more than \(limit) pictures: the first \(limit) are shown, from line \(line) on nothing is read"
        }
    }

    private static func name(_ list: String) -> String { list == "-" ? "on standard input" : list }

    /// `text` cut to 80 characters for a message (a line may be long).
    static func excerpt(_ text: String) -> String { text.count > 80 ? text.prefix(79) + "…" : text }
}
