// SpawnInheritanceTests: a helper started with Spawn inherits only standard input, output and error.
// A long-lived helper (xterm, a tmux server) that kept another test's pipe or Foundation.Process's exit
// socket open made that test wait until the helper ended (CI: a 1-second CLI run took 32 s).
#if canImport(Glibc)
import Glibc
#endif
import TestSupport
import Testing

@Suite struct SpawnInheritanceTests {
    @Test func aSpawnedChildHoldsNoDescriptorOfTheTestProcess() throws {
        // Given a pipe open in the test process without close-on-exec
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }

        // When a child is spawned, and lists the descriptors it holds
        let (status, output) = try Spawn.run("/bin/sh", ["-c", "ls /proc/$$/fd"])

        // Then it holds exactly 0, 1 and 2
        #expect(status == 0, "\(output)")
        #expect(output.split(whereSeparator: \.isWhitespace).sorted() == ["0", "1", "2"], "\(output)")
    }
}
