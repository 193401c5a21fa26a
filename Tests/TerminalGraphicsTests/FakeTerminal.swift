// FakeTerminal: a terminal double that answers queries with canned bytes (or stays silent).
import TerminalGraphics

/// Records what was written and answers every write with `reply`; `nil` reply means a silent terminal.
final class FakeTerminal: TerminalHandling {
    let reply: [UInt8]?
    let size: WindowSize?
    private(set) var written: [UInt8] = []
    private(set) var waited: Duration = .zero
    private var pending: [UInt8] = []

    init(reply: String?, size: WindowSize? = nil) {
        self.reply = reply.map { Array($0.utf8) }
        self.size = size
    }

    func write(_ bytes: [UInt8]) throws {
        written += bytes
        pending += reply ?? []
    }

    func read(timeout: Duration, until isComplete: ([UInt8]) -> Bool) -> [UInt8] {
        let answer = pending
        pending = []
        if !isComplete(answer) { waited += timeout }
        return answer
    }

    func windowSize() -> WindowSize? { size }
}
