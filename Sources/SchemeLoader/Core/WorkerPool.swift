// WorkerPool: where CPU-bound handler work runs (decode, render, encode): a few low-priority threads
// below a UI, or the calling task for a command (`foreground`).
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Threads that run blocking, CPU-bound handler work (photo decoding, map rendering, sixel
/// encoding) at a lower scheduling priority than the UI.
///
/// On a loaded machine with few cores, decoding on every core at the UI thread's priority starves
/// the UI: a frame waits for the CPU, not for a load. The pool's threads lower their own priority
/// (Linux: `setpriority` from the thread itself, which changes only that thread; threads they start —
/// libvips' workers — inherit it), so the scheduler gives the UI the CPU when both want it and the
/// workers everything left over. The work never runs on Swift's cooperative pool either, so a slow
/// decode never holds one of the few threads the loader's tasks need.
public final class WorkerPool: @unchecked Sendable {
    /// The process-wide pool: one thread per core, niceness raised by `defaultNicenessIncrement`.
    public static let shared = WorkerPool(threads: ProcessInfo.processInfo.activeProcessorCount,
                                          nicenessIncrement: defaultNicenessIncrement)
    /// No threads: work runs on the task that asks for it, at its priority. For a command-line run
    /// (`render`, `fetch`) there is no UI to keep responsive, the picture is what the user waits
    /// for, and each hop to a worker and back is a wake-up that waits for a CPU on a busy machine
    /// (BENCHMARKS.md, issue 14: beside a busy build, a `render` at nice +10 took 6× img2sixel's time).
    public static let foreground = WorkerPool(threads: 0, nicenessIncrement: 0)
    /// How much lower the workers run than the thread that started the pool (nice +10: the UI gets
    /// about ten times the CPU share of one worker when both are runnable).
    public static let defaultNicenessIncrement: Int32 = 10

    /// The number of threads.
    public let threadCount: Int
    /// The niceness the workers run at (19 at most); `nil` until a worker has started.
    public var workerNiceness: Int32? { lock.lock(); defer { lock.unlock() }; return startedNiceness }
    /// Jobs queued now, waiting for a free thread (cancelled ones included until a thread takes them).
    public var waitingJobs: Int { lock.lock(); defer { lock.unlock() }; return jobs.count - head }

    private let nicenessIncrement: Int32
    private let lock = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    private var head = 0
    private var startedNiceness: Int32?

    /// Starts `threads` workers whose niceness is the caller's plus `nicenessIncrement`; with none,
    /// `run` runs work on the calling thread.
    public init(threads: Int, nicenessIncrement: Int32) {
        threadCount = max(0, threads)
        self.nicenessIncrement = max(0, nicenessIncrement)
        let base = Self.currentThreadNiceness()
        let target = min(19, base + self.nicenessIncrement)
        for index in 0..<threadCount {
            let thread = Thread { [unowned(unsafe) self] in self.work(niceness: target) }
            thread.name = "snapterm-worker-\(index)"
            thread.start()
        }
    }

    /// Runs blocking `body` on a worker thread and returns its result. A job whose task is
    /// cancelled while it waits for a thread never runs (it throws `CancellationError`): during a
    /// fast scroll the rows already passed must not hold the threads the rows still to come need.
    public func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try Task.checkCancellation()
        if threadCount == 0 { return try body() }
        let cancelled = CancellationFlag()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                enqueue {
                    if cancelled.isSet { return continuation.resume(throwing: CancellationError()) }
                    continuation.resume(with: Result { try body() })
                }
            }
        } onCancel: {
            cancelled.set()
        }
    }

    /// The scheduling niceness of the calling thread (-20…19; higher runs later).
    public static func currentThreadNiceness() -> Int32 {
        #if os(Linux)
        errno = 0
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        #else
        return getpriority(PRIO_PROCESS, 0)
        #endif
    }

    private func enqueue(_ job: @escaping @Sendable () -> Void) {
        lock.lock()
        jobs.append(job)
        lock.signal()
        lock.unlock()
    }

    private func work(niceness: Int32) {
        #if os(Linux)
        // Linux keeps the nice value per thread: `who` 0 names the calling thread only (man 2
        // setpriority, NOTES). Best effort: raising it needs no privilege; a failure changes nothing.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
        let actual = Self.currentThreadNiceness()
        lock.lock()
        startedNiceness = actual
        lock.broadcast()
        lock.unlock()
        while true {
            lock.lock()
            while head == jobs.count { lock.wait() }
            let job = jobs[head]
            head += 1
            if head > 64, head * 2 > jobs.count {
                jobs.removeFirst(head)
                head = 0
            }
            lock.unlock()
            job()
        }
    }
}

/// Set once when a waiting job's task is cancelled; read by the worker that takes the job.
private final class CancellationFlag: @unchecked Sendable {
    // @unchecked: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
    func set() { lock.lock(); value = true; lock.unlock() }
}
