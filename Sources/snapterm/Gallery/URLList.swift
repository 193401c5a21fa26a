// URLList: a list file of pictures for `snapterm --list FILE` — one URL or path a line, bad lines named by number.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The pictures a list file names, one a line: a URL (any scheme the loader reads) or a path (relative
/// paths are relative to the list file's folder; for `-`, standard input, to the current folder).
/// Blank lines and lines whose first non-blank character is `#` are skipped; a UTF-8 byte order mark,
/// CRLF line ends and spaces or tabs around a line are ignored. A bad line (not UTF-8, a control
/// character, longer than `maximumLineBytes`, a broken URL, a scheme the loader does not read) is
/// reported in `problems` by number (the first `maximumReportedProblems`; the rest counted in one); every other
/// line is kept, up to `maximumPictures` pictures.
struct URLList: Equatable {
    /// One good line: its number (from 1) and the picture it names (`.url` or `.path`).
    struct Line: Equatable {
        let number: Int
        let source: CommandLineSource
    }

    /// The pictures, in the list's order.
    let lines: [Line]
    /// The bad lines (`URLListError.badLine`), in order.
    let problems: [URLListError]

    /// The most pictures a list opens; the lines after them are not read (a 16 MiB list of two-byte lines
    /// would otherwise be 8 million pictures before the first frame).
    static let maximumPictures = 100_000
    /// The most bad lines reported one by one; the rest are counted in one line.
    static let maximumReportedProblems = 20

    /// The longest line read (Linux's `PATH_MAX`).
    static let maximumLineBytes = 4096
    /// The largest list read (16 MiB: some 200,000 lines of web addresses).
    static let maximumBytes = 16 << 20
    /// The schemes a list may name: those the shared loader reads.
    static let schemes = ["http", "https", "file", "asset", "map"]

    /// Reads the list `list` names: a file (relative to `currentDirectory`), or `-` for `standardInput`
    /// (a descriptor) read to its end. Throws `URLListError.unreadable` or `.tooLarge`; bad lines are `problems`.
    static func read(_ list: String, standardInput: Int32 = STDIN_FILENO,
                     currentDirectory: String = FileManager.default.currentDirectoryPath) throws(URLListError) -> URLList {
        if list == "-" {
            if standardInput == STDIN_FILENO, StandardStreams.closedAtStart.contains(STDIN_FILENO) {
                throw .unreadable(list: list, reason: "it is closed")
            }
            return parse(try readAll(standardInput, list: list), list: list, folder: currentDirectory)
        }
        let path = list.hasPrefix("/") ? list : (currentDirectory as NSString).appendingPathComponent(list)
        // O_NONBLOCK: a FIFO without a writer is not waited on at open (readAll waits for its bytes with poll)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unreadable(list: list, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        return parse(try readAll(descriptor, list: list), list: list, folder: (path as NSString).deletingLastPathComponent)
    }

    /// Parses the bytes of a list named `list` (for messages) whose relative paths are relative to `folder`.
    static func parse(_ data: Data, list: String, folder: String,
                      exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> URLList {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var lines: [Line] = []
        var problems: [URLListError] = []
        var unreported = 0
        var number = 0
        while !bytes.isEmpty {
            number += 1
            let end = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
            let raw = bytes[..<end]
            bytes = end == bytes.endIndex ? bytes[end...] : bytes[(end + 1)...]
            if lines.count == maximumPictures, !isSkipped(raw) {
                problems.append(.tooManyPictures(list: list, limit: maximumPictures, fromLine: number))
                break
            }
            switch parseLine(raw.last == 0x0D ? raw.dropLast() : raw, folder: folder, exists: exists) {
            case .skipped: continue
            case .picture(let source): lines.append(Line(number: number, source: source))
            case .bad(let reason):
                if problems.count < maximumReportedProblems {
                    problems.append(.badLine(list: list, number: number, reason: reason))
                } else {
                    unreported += 1
                }
            }
        }
        if unreported > 0 { problems.append(.moreBadLines(list: list, count: unreported)) }
        return URLList(lines: lines, problems: problems)
    }

    /// Whether `raw` is blank or a comment (CR and blanks around it ignored).
    private static func isSkipped(_ raw: Data.SubSequence) -> Bool {
        guard let first = raw.first(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return true }
        return first == UInt8(ascii: "#")
    }

    /// What one line says.
    private enum Parsed {
        /// A blank line or a comment.
        case skipped
        case picture(CommandLineSource)
        case bad(URLListError.BadLine)
    }

    private static func parseLine(_ raw: Data.SubSequence, folder: String, exists: (String) -> Bool) -> Parsed {
        let blank: Set<UInt8> = [0x20, 0x09]
        guard let first = raw.firstIndex(where: { !blank.contains($0) }) else { return .skipped }
        let last = raw.lastIndex(where: { !blank.contains($0) }) ?? first
        let trimmed = raw[first...last]
        if trimmed.first == UInt8(ascii: "#") { return .skipped }
        guard trimmed.count <= maximumLineBytes else { return .bad(.tooLong(bytes: trimmed.count, limit: maximumLineBytes)) }
        guard let text = String(bytes: trimmed, encoding: .utf8) else { return .bad(.notUTF8) }
        if let control = text.unicodeScalars.first(where: isControl) { return .bad(.controlCharacter(control.value)) }
        let source = CommandLineSource.parse(text, currentDirectory: folder, exists: { exists($0.description) })
        switch source {
        case .standardInput: return .bad(.standardInput)
        case .path where CommandLineSource.looksLikeURL(text) && !exists(path(text, in: folder)):
            return .bad(.notAURL(text))
        case .path: return .picture(source)
        case .url(let url): return problem(with: url, text: text).map(Parsed.bad) ?? .picture(source)
        }
    }

    /// What is wrong with `url` (typed as `text`) as a picture: a scheme the loader does not read, an
    /// http(s) URL without a host; `nil` when nothing is.
    static func problem(with url: URL, text: String) -> URLListError.BadLine? {
        let scheme = url.scheme?.lowercased() ?? ""
        guard schemes.contains(scheme) else { return .unsupportedScheme(scheme, supported: schemes) }
        if scheme.hasPrefix("http"), (url.host ?? "").isEmpty { return .noHost(text) }
        return nil
    }

    private static func path(_ text: String, in folder: String) -> String {
        text.hasPrefix("/") ? text : (folder as NSString).appendingPathComponent(text)
    }

    /// C0 controls, DEL, C1 controls and the bidirectional controls (which would reorder what a user reads).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Everything `descriptor` holds, up to `maximumBytes`.
    private static func readAll(_ descriptor: Int32, list: String) throws(URLListError) -> Data {
        do {
            return try StandardStreams.readToEnd(descriptor, limit: maximumBytes)
        } catch {
            switch error {
            case .directory: throw .unreadable(list: list, reason: "it is a folder")
            case .tooLarge: throw .tooLarge(list: list, limit: maximumBytes)
            case .failed(let reason): throw .unreadable(list: list, reason: reason)
            }
        }
    }
}
