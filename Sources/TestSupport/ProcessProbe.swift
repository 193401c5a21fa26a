// ProcessProbe: CPU time and resident memory of a running process, read from /proc (Linux).
import Foundation

/// What `/proc` says about one process: whether it lives, its CPU time and its resident memory.
public struct ProcessProbe: Sendable {
    /// The process id.
    public let pid: Int32

    /// Probes `pid`.
    public init(pid: Int32) { self.pid = pid }

    /// Whether the process exists and is not a zombie.
    public var isAlive: Bool {
        guard let state = statFields()?.first else { return false }
        return state != "Z" && state != "X"
    }

    /// User plus system CPU time used so far.
    public var cpuTime: Duration? {
        guard let fields = statFields(), fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        let ticks = max(1, sysconf(Int32(_SC_CLK_TCK)))
        return .milliseconds((user + system) * 1000 / ticks)
    }

    /// Resident memory in bytes (`VmRSS`).
    public var residentBytes: Int? { statusBytes("VmRSS:") }

    /// The most resident memory the process has had, in bytes (`VmHWM`): since it started or since
    /// `resetPeakResident()`.
    public var peakResidentBytes: Int? { statusBytes("VmHWM:") }

    /// Starts the peak (`VmHWM`) again from the current resident memory (Linux 4.0 and later).
    public func resetPeakResident() {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/\(pid)/clear_refs"))
    }

    /// A `/proc/PID/status` line's kilobytes, in bytes.
    private func statusBytes(_ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }

    /// The fields of `/proc/PID/stat` after the command name: state first.
    private func statFields() -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }
}
