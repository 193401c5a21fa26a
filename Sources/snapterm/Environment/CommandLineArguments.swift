// CommandLineArguments: the arguments as the bytes the system passed — a path need not be UTF-8.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's arguments as bytes. Swift's `CommandLine.arguments` (and so ArgumentParser) turns a
/// byte that is not UTF-8 into U+FFFD: `a\xff.jpg` would read as `a\u{FFFD}.jpg`, another file.
enum CommandLineArguments {
    /// `argv[1...]`, byte for byte.
    static var raw: [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }

    /// The bytes of each of `values` (arguments as parsed, in command-line order): the first argument
    /// after the previous match that reads as the value. A value found nowhere is its UTF-8.
    static func bytes(of values: [String], in arguments: [[UInt8]] = raw) -> [[UInt8]] {
        var next = 0
        return values.map { value in
            guard let index = arguments[next...].firstIndex(where: { String(decoding: $0, as: UTF8.self) == value }) else {
                return Array(value.utf8)
            }
            next = index + 1
            return arguments[index]
        }
    }
}
