// CommandLineSource: what a picture argument names — a URL, a plain path (read wherever it is), or `-` (stdin).
import Foundation
import SchemeLoader

/// A picture named on the command line. A path is the user speaking: the file is read wherever it is.
/// A URL is treated like data: `file://` URLs stay inside the allowed folders.
enum CommandLineSource: Equatable {
    /// A URL with a scheme, as typed.
    case url(URL)
    /// A plain path, made absolute (`file://` form); the file named may be anywhere.
    case path(URL)
    /// `-`: the picture's bytes come from standard input.
    case standardInput

    /// Reads `text`: `-` is standard input; an existing file is a path (even `a:b.png`); `scheme:…`
    /// is a URL; anything else is a path (which may then not exist — a plain "no such file"). A path is
    /// `bytes` when given (the argument as the system passed it: a name need not be UTF-8), its URL
    /// naming exactly those bytes.
    static func parse(_ text: String, bytes: [UInt8]? = nil, currentDirectory: String = FileManager.default.currentDirectoryPath,
                      exists: (RawPath) -> Bool = { FileIdentity.of(path: $0) != nil }) -> CommandLineSource {
        if text == "-" { return .standardInput }
        let raw = RawPath(bytes: bytes ?? Array(text.utf8))
        let absolute = raw.bytes.first == UInt8(ascii: "/") ? raw : RawPath(currentDirectory).appending(raw.bytes)
        if !exists(absolute), looksLikeURL(text), let url = URL(string: text) { return .url(url) }
        return .path(absolute.standardized.fileURL)
    }

    /// The sources `arguments` name, each path read from the argument's own bytes (`CommandLineArguments`).
    static func parse(_ arguments: [String]) -> [CommandLineSource] {
        zip(arguments, CommandLineArguments.bytes(of: arguments)).map { parse($0, bytes: $1) }
    }

    /// `scheme:` at the start (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
    static func looksLikeURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        return scheme.first!.isASCII && scheme.first!.isLetter
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// How to name the source in a message: a path with bytes that are not UTF-8 shown as `\xFF`, a URL
    /// without its `user:password@`, else `typed`.
    func shownName(_ typed: String) -> String {
        if case .path(let url) = self, let path = RawPath(fileURL: url), String(validating: path.bytes, as: UTF8.self) == nil {
            return path.description
        }
        if case .url(let url) = self { return URLCanonicalizer.redacted(url) }
        return typed
    }

    /// How to name a typed argument in a message: a URL without its `user:password@` (never printed).
    static func shown(_ typed: String) -> String {
        guard looksLikeURL(typed), let url = URL(string: typed) else { return typed }
        return URLCanonicalizer.redacted(url)
    }

    /// The URL the loader is asked for; standard input is `stdin` (see `StandardInputHandler`).
    func url(standardInput: URL?) -> URL? {
        switch self {
        case .url(let url), .path(let url): url
        case .standardInput: standardInput
        }
    }

    /// What to add to an error message so the user knows what to do: a refused `file://` URL can be named as a path.
    static func hint(for error: any Error) -> String {
        guard case LoadError.fileOutsideAllowedRoots = error else { return "" }
        return " (URLs are read only inside the allowed folders, SNAPTERM_FILE_ROOTS; name the file as a plain path to read it)"
    }

    /// The URL schemes the sources need (lower-cased).
    static func schemes(_ sources: [CommandLineSource]) -> Set<String> {
        Set(sources.compactMap { if case .url(let url) = $0 { url.scheme?.lowercased() } else { "file" } })
    }

    /// The files named as paths: allowed to the file handler wherever they are.
    static func namedFiles(_ sources: [CommandLineSource]) -> [URL] {
        sources.compactMap { if case .path(let url) = $0 { url } else { nil } }
    }
}
