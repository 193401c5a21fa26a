// FakeTerminal: a terminal double that answers queries with canned bytes (or stays silent).
import TerminalGraphics

/// Records what was written and answers every write with `reply`; `nil` reply means a silent terminal.
/// `late` bytes arrive only after the wait has ended (a slow terminal): `read` never returns them,
/// `laterInput()` does — what the app's key reader would get.
final class FakeTerminal: TerminalHandling {
    let reply: [UInt8]?
    let late: [UInt8]
    let size: WindowSize?
    private(set) var written: [UInt8] = []
    private(set) var waited: Duration = .zero
    private var pending: [UInt8] = []
    private var reads = 0

    init(reply: String?, late: String = "", size: WindowSize? = nil) {
        self.reply = reply.map { Array($0.utf8) }
        self.late = Array(late.utf8)
        self.size = size
    }

    /// What arrives after detection stopped waiting.
    func laterInput() -> [UInt8] { late }

    func write(_ bytes: [UInt8]) throws {
        written += bytes
        pending += reply ?? []
    }

    func read(timeout: Duration, until isComplete: ([UInt8]) -> Bool) -> [UInt8] {
        reads += 1
        if reads == 2 { pending += late }  // late bytes arrive after the first wait
        let answer = pending
        pending = []
        if !isComplete(answer) { waited += timeout }
        return answer
    }

    func windowSize() -> WindowSize? { size }
}
