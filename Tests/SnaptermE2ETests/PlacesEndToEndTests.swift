// End to end in tmux (text-art mode): the places list scrolls 100 rows and back, the status bar
// counts cache hits, and every way out (q, Ctrl-C, SIGTERM) gives the terminal back.
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct PlacesEndToEndTests {
    @Test func scrollingDownAHundredRowsAndBackThenQuitting() async throws {
        let fixture = try E2EFixture()
        try await fixture.start()
        try await fixture.tmux.waitFor("[Places]")
        try await fixture.tmux.waitFor { $0.contains { $0.contains("#1 of ") } && $0.contains { $0.contains("blank 0/") } }
        for _ in 0..<100 { try await fixture.tmux.send("Down") }
        let down = try await fixture.tmux.waitFor { $0.contains { $0.contains("#101 of ") } && $0.contains { $0.contains("blank 0/") } }
        #expect(!down.contains { $0.contains("#1 of ") })
        for _ in 0..<100 { try await fixture.tmux.send("Up") }
        let back = try await fixture.tmux.waitFor { $0.contains { $0.contains("#1 of ") } && $0.contains { $0.contains("blank 0/") } }
        let status = try #require(back.last { $0.contains("mem ") })
        let memoryHits = try #require(Self.count(after: "mem ", in: status))
        let misses = try #require(Self.count(after: "miss ", in: status))
        #expect(memoryHits >= 5, "the first screen's rows come back from memory: \(status)")
        #expect(misses >= 10, "both ends of the scroll were rendered: \(status)")
        try await fixture.tmux.send("q")
        try await fixture.tmux.waitFor("EXIT=0")
        #expect(try await fixture.terminalIsRestored())
    }

    @Test(arguments: ["C-c", "SIGTERM"])
    func interruptingGivesTheTerminalBack(how: String) async throws {
        let fixture = try E2EFixture()
        try await fixture.start()
        try await fixture.tmux.waitFor("[Places]")
        if how == "C-c" {
            try await fixture.tmux.send("C-c")
        } else {
            let pid = try #require(try await fixture.appPID())
            kill(pid, SIGTERM)
        }
        // A shell does not go on with its command line after its job died of SIGINT: wait for the process.
        let deadline = ContinuousClock.now + .seconds(20)
        while try await fixture.appPID() != nil, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(100)) }
        #expect(try await fixture.appPID() == nil, "snapterm ended")
        #expect(try await fixture.terminalIsRestored())
    }

    static func count(after label: String, in line: String) -> Int? {
        guard let range = line.range(of: label) else { return nil }
        return Int(line[range.upperBound...].prefix { $0.isNumber })
    }
}
