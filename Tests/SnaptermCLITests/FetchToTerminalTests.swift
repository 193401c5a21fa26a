// `snapterm fetch` to a terminal (a real pty, via script(1)) shows C1 controls and bidirectional
// overrides as <U+XXXX>; to a pipe it writes the bytes unchanged.
import Foundation
import TestSupport
import Testing

@Suite struct FetchToTerminalTests {
    private let text = "plain \u{202E}txt.exe\u{202C} then \u{9B}31mred\u{9C} \u{2067}isolate\u{2069} ok\n"

    @Test func aTerminalSeesC1AndBidiControlsEscaped() async throws {
        // Given a text file with a C1 CSI, a right-to-left override and an isolate
        let folder = try TemporaryDirectory()
        let file = folder.appending("page.txt")
        try Data(text.utf8).write(to: file)

        // When it is fetched with standard output on a pseudo-terminal
        let command = "'\(CommandRunner.binary.path)' fetch '\(file.absoluteString)'"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        var environment = ProcessInfo.processInfo.environment
        environment["SNAPTERM_FILE_ROOTS"] = folder.url.path
        environment["XDG_CACHE_HOME"] = folder.appending("cache").path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let bytes = try await OffPool.run {
            let bytes = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return bytes
        }
        let seen = String(decoding: bytes, as: UTF8.self)

        // Then the terminal received the controls as visible escapes, never raw
        #expect(process.terminationStatus == 0)
        #expect(seen.contains("<U+202E>txt.exe<U+202C>"), "terminal got: \(seen.debugDescription)")
        #expect(seen.contains("<U+009B>31mred<U+009C>"))
        #expect(seen.contains("<U+2067>isolate<U+2069> ok"))
        for control in ["\u{202E}", "\u{202C}", "\u{9B}", "\u{9C}", "\u{2067}", "\u{2069}"] {
            #expect(!seen.unicodeScalars.contains(control.unicodeScalars.first!))
        }
    }

    @Test func aPipeGetsTheRawBytes() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.appending("page.txt")
        try Data(text.utf8).write(to: file)
        let environment = ["SNAPTERM_FILE_ROOTS": folder.url.path, "XDG_CACHE_HOME": folder.appending("cache").path]
        let output = try await OffPool.run { try CommandRunner.run(["fetch", file.absoluteString], environment: environment) }
        #expect(output.status == 0)
        #expect(output.stdout == Data(text.utf8))
    }
}
