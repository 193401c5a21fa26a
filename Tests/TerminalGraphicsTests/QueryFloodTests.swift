// QueryFloodTests: a "terminal" (a real pseudo-terminal played by the test) that answers the capability queries
// with a megabyte that is no reply — the wait ends early, nothing of it is believed, and none of it is left
// in the input for a key reader or the shell.
import Foundation
import TerminalGraphics
import TestSupport
import Testing

@Suite struct QueryFloodTests {
    /// What the flood is made of: a key the UI acts on, random bytes, replies' look-alikes that never close.
    enum Flood: String, CaseIterable, Sendable {
        case keys, randomBytes, unclosedReplies

        func bytes(count: Int) -> [UInt8] {
            switch self {
            case .keys: return [UInt8](repeating: UInt8(ascii: "j"), count: count)
            case .randomBytes:
                var generator = SeededGenerator(seed: 24)
                return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            case .unclosedReplies:
                return Array(String(repeating: "\u{1B}[?6", count: count / 8).utf8) + Array("\u{1B}_Gi=31;".utf8)
                    + [UInt8](repeating: UInt8(ascii: "A"), count: count / 2)
            }
        }
    }

    @Test(arguments: Flood.allCases)
    func aMegabyteAnswerIsDiscardedNotLeftAsKeys(flood: Flood) async throws {
        // Given a terminal that answers the queries with a megabyte of something that is no reply
        let pair = try TerminalPair()
        defer { pair.close() }
        let answer = flood.bytes(count: 1 << 20)
        async let answered = OffPool.run {
            // (it answers once the DA1 query has reached it, as a terminal would)
            guard pair.waitForOutput(containing: "\u{1B}[c") else { return false }
            return pair.send(answer, timeout: .seconds(60))
        }
        // When detecting
        let (found, left) = try await OffPool.run {
            let terminal = try DeviceTerminal(path: pair.path)
            defer { terminal.close() }
            // (long waits: the flood, not the clock, must end them — this test's answer may stall on a busy machine)
            let found = try TerminalCapabilities.detect(environment: ["TERM": "xterm-256color"], terminal: terminal, timeout: .seconds(60),
                                                        flood: .init(quiet: .seconds(2), limit: .seconds(60)))
            // (what the next reader of the terminal gets)
            return (found, terminal.read(timeout: .milliseconds(100)) { _ in false })
        }
        // Then none of it is believed or waited for again
        #expect(found.deviceAttributes == nil && !found.kittyGraphics && !found.repliesMayArriveLate)
        // And the whole megabyte was taken from the terminal (a terminal blocks when nobody reads)
        #expect(try await answered, "the flood was not read away")
        // And nothing of it is left for the next reader: the UI's keys, the shell
        #expect(left.isEmpty, "\(left.count) bytes of the flood left as input")
    }

    @Test func repliesAndAFewTypedKeysAreNoFlood() {
        // Given keys typed during the wait around kitty's and xterm's replies
        let bytes = Array("jjk\u{1B}_Gi=31;OK\u{1B}\\q\u{1B}[6;20;10t\u{1B}[A\u{1B}[?63;1;2;4c".utf8)
        let replies = DeviceReplies(parsing: bytes)
        // Then the replies are read and the input is not a flood
        #expect(!replies.isFlood && replies.supportsKittyGraphics && replies.advertisesSixel)
        #expect(replies.cellSize == CellSize(width: 10, height: 20))
        #expect(DeviceReplies.endsWait(bytes))
    }

    @Test func aLongKittyReplyIsOneReplyNotAFlood() {
        // Given a kitty error reply longer than the old 512-byte limit, then DA1
        let message = "ENOTSUPPORTED:" + String(repeating: "x", count: 2000)
        let replies = DeviceReplies(parsing: Array("\u{1B}_Gi=31;\(message)\u{1B}\\\u{1B}[?62;c".utf8))
        #expect(!replies.isFlood && replies.kittyGraphicsReply == message && replies.deviceAttributes == [62, 0])
    }
}
