// WorkerPool: where CPU-bound handler work runs (decode, render, encode): a few low-priority threads
// below a UI, taking the most urgent waiting work first — or the calling task for a command (`foreground`).
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Threads that run blocking, CPU-bound handler work (photo decoding, map rendering, sixel
/// encoding) at a lower scheduling priority than the UI. The threads are the CPU's slots: work waits
/// here, in priority order, and nowhere else.
///
/// On a loaded machine with few cores, decoding on every core at the UI thread's priority starves
/// the UI: a frame waits for the CPU, not for a load. The pool's threads lower their own priority
/// (Linux: `setpriority` from the thread itself, which changes only that thread; threads they start —
/// libvips' workers — inherit it), so the scheduler gives the UI the CPU when both want it and the
/// workers everything left over. The work never runs on Swift's cooperative pool either, so a slow
/// decode never holds one of the few threads the loader's tasks need.
///
/// A free thread takes the most urgent waiting job (its `WorkPriority` now; among equals the first
/// queued): a visible row's encode goes before prefetches queued earlier, and a prefetch whose row
/// becomes visible moves up while it waits. A job whose task is cancelled while it waits leaves the
/// queue at once and never runs.
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
    /// What the pool has done since it was created, and what waits now.
    public var statistics: WorkerPoolStatistics { lock.lock(); defer { lock.unlock() }; return counters }

    private struct Job {
        let id: UInt64
        var priority: LoadPriority
        /// Runs the work and hands its result to the caller.
        let start: @Sendable () -> Void
        /// Tells the caller the work will not run.
        let withdraw: @Sendable () -> Void
    }

    private let nicenessIncrement: Int32
    private let lock = NSCondition()
    private var waiting: [Job] = []
    private var nextID: UInt64 = 0
    private var counters = WorkerPoolStatistics()
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

    /// Runs blocking `body` on a worker thread, when it is the most urgent waiting work, and returns its
    /// result. `priority` may change while the work waits (`WorkPriority.set`). A job whose task is
    /// cancelled while it waits never runs (it throws `CancellationError`): during a fast scroll the rows
    /// already passed must not hold the threads the rows still to come need.
    public func run<T: Sendable>(at priority: WorkPriority = WorkPriority(.normal),
                                 _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try Task.checkCancellation()
        if threadCount == 0 { return try runHere(body) }
        let id = locked { () -> UInt64 in nextID += 1; return nextID }
        defer { priority.forget(id, of: self) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                priority.queue(id, on: self) { value in
                    enqueue(Job(id: id, priority: value, start: { continuation.resume(with: Result { try body() }) },
                                withdraw: { continuation.resume(throwing: CancellationError()) }))
                }
            }
        } onCancel: {
            withdraw(id)
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

    /// Moves waiting job `id` to `priority` (nothing if it already started or left).
    func reprioritize(_ id: UInt64, to priority: LoadPriority) {
        locked {
            guard let index = waiting.firstIndex(where: { $0.id == id }) else { return }
            waiting[index].priority = priority
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func runHere<T>(_ body: () throws -> T) throws -> T {
        locked { counters.started += 1 }
        return try body()
    }

    /// Queues `job`, or withdraws it at once when its task is already cancelled (checked under the lock
    /// `withdraw(_:)` takes, so a cancellation is never missed).
    private func enqueue(_ job: Job) {
        let cancelled = locked { () -> Bool in
            if Task.isCancelled {
                counters.withdrawn += 1
                return true
            }
            waiting.append(job)
            counters.waiting = waiting.count
            lock.signal()
            return false
        }
        if cancelled { job.withdraw() }
    }

    private func withdraw(_ id: UInt64) {
        let job = locked { () -> Job? in
            guard let index = waiting.firstIndex(where: { $0.id == id }) else { return nil }
            counters.withdrawn += 1
            defer { counters.waiting = waiting.count }
            return waiting.remove(at: index)
        }
        job?.withdraw()
    }

    /// The most urgent waiting job (the first queued among equals), taken off the queue.
    private func takeMostUrgent() -> Job {
        var best = 0
        for index in waiting.indices.dropFirst() where waiting[index].priority > waiting[best].priority { best = index }
        counters.started += 1
        defer { counters.waiting = waiting.count }
        return waiting.remove(at: best)
    }

    private func work(niceness: Int32) {
        #if os(Linux)
        // Linux keeps the nice value per thread: `who` 0 names the calling thread only (man 2
        // setpriority, NOTES). Best effort: raising it needs no privilege; a failure changes nothing.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
        let actual = Self.currentThreadNiceness()
        locked {
            startedNiceness = actual
            lock.broadcast()
        }
        while true {
            lock.lock()
            while waiting.isEmpty { lock.wait() }
            let job = takeMostUrgent()
            lock.unlock()
            job.start()
        }
    }
}

/// The counters of a `WorkerPool`.
public struct WorkerPoolStatistics: Sendable, Hashable {
    /// Jobs waiting for a thread now.
    public var waiting = 0
    /// Jobs started since the pool was made.
    public var started = 0
    /// Jobs that never ran: their task was cancelled while they waited.
    public var withdrawn = 0

    /// No jobs yet.
    public init() {}
}
