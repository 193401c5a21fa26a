// IdleCPUTests: the real binary in tmux, left alone on Places once every picture is drawn, sleeps — it waits for
// input and timers instead of polling (it used to take ~0.9 % of a core: 18 clock ticks in 20 s).
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct IdleCPUTests {
    @Test func anIdleUIUsesNoCPU() async throws {
        // Given the app on Places with every picture drawn and no load in flight
        let fixture = try E2EFixture()
        try await fixture.start()
        try await fixture.tmux.waitFor { $0.contains { $0.contains("blank 0/") && $0.contains("flying 0 ") } }
        let pid = try #require(try await fixture.appPID())
        let probe = ProcessProbe(pid: pid)
        // (settled: the last key-free second of ticking and the last refresh are over)
        try await Task.sleep(for: .seconds(2))
        // When it is left alone for five seconds
        let start = try #require(probe.cpuTime)
        try await Task.sleep(for: .seconds(5))
        let used = try #require(probe.cpuTime) - start
        // Then it used at most two clock ticks (20 ms) of CPU
        #expect(used <= .milliseconds(20), "idle for 5 s used \(used) of CPU")
        // And it still answers a key at once
        try await fixture.tmux.send("?")
        try await fixture.tmux.waitFor("Press ? or Esc to close.")
        try await fixture.tmux.send("?")
        try await fixture.tmux.send("q")
        try await fixture.tmux.waitFor("EXIT=0")
    }
}
