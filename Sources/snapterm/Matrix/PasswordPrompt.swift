// PasswordPrompt: a password read without echo from the controlling terminal (/dev/tty, so it works while
// stdin and stdout are redirected), or from standard input for --password-stdin. Never echoed or logged.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TerminalGraphics

/// Reads a password.
enum PasswordPrompt {
    /// The most bytes a password may have.
    static let limit = 4096

    /// Asks on /dev/tty with `prompt`, echo off (and put back on Ctrl-C, a stop or any exit), until Enter.
    static func readFromTerminal(prompt: String) throws(EnvironmentError) -> String {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { throw .noPassword(reason: "there is no terminal to ask on; pipe it in with --password-stdin") }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { throw .noPassword(reason: "the terminal's settings cannot be read") }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK)
        silent.c_lflag |= tcflag_t(ECHONL | ICANON)
        let token = TerminalModeGuard.protect(descriptor: tty, saved: saved, active: silent, farewell: Array("\n".utf8))
        defer {
            tcsetattr(tty, TCSAFLUSH, &saved)
            if let token { TerminalModeGuard.release(token) }
        }
        // Echo off before the prompt shows: whatever is typed once it is visible stays unseen.
        guard tcsetattr(tty, TCSAFLUSH, &silent) == 0 else { throw .noPassword(reason: "echo cannot be turned off") }
        _ = Array(prompt.utf8).withUnsafeBytes { write(tty, $0.baseAddress, $0.count) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(tty, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            bytes.append(byte)
            if bytes.count > limit { throw .noPassword(reason: "it is longer than \(limit) bytes") }
        }
        return try text(bytes)
    }

    /// Standard input up to its end, without one final line break.
    static func readFromStandardInput() throws(EnvironmentError) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw .noPassword(reason: "standard input cannot be read: \(String(cString: strerror(errno)))") }
            if count == 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > limit + 2 { throw .noPassword(reason: "standard input holds more than \(limit) bytes") }
        }
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        return try text(bytes)
    }

    private static func text(_ bytes: [UInt8]) throws(EnvironmentError) -> String {
        guard !bytes.isEmpty else { throw .noPassword(reason: "it is empty") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .noPassword(reason: "it is not UTF-8 text") }
        return text
    }
}
