// InputWatch: tells the app when the terminal has input or was resized — a thread blocked in poll(2), so an
// idle UI wakes for nothing else.
import Foundation
import SchemeLoader

/// Watches the terminal's input descriptor and SIGWINCH on a thread of its own. `arm` asks for one
/// call of `ready` on the main actor as soon as input is readable or the window changed size (at once
/// when either already happened); until then the thread sleeps in `poll`.
///
/// SIGWINCH is chained: ncurses keeps its handler (it makes the next read return a resize) and ours
/// then writes a byte to a pipe the thread also polls — the only way a resize can end the sleep.
final class InputWatch: Sendable {
    private struct State: Sendable {
        var armed = false
        var stopped = false
        var ready: (@MainActor @Sendable () -> Void)?
    }

    private let input: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state = Locked(State())
    private let armedSignal = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)

    /// Starts watching `input` (call after ncurses has installed its SIGWINCH handler); `nil` when no
    /// pipe can be made (the app then polls, as a screen without a watch does).
    init?(input: Int32 = STDIN_FILENO) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        self.input = input
        wakeRead = ends[0]
        wakeWrite = ends[1]
        ResizeChain.install(writingTo: wakeWrite)
        Thread.detachNewThread { [self] in loop() }
    }

    /// Calls `ready` once, on the main actor, when input is readable or the window was resized.
    func arm(_ ready: @escaping @MainActor @Sendable () -> Void) {
        let start = state.withLock { state -> Bool in
            state.ready = ready
            guard !state.armed, !state.stopped else { return false }
            state.armed = true
            return true
        }
        if start { armedSignal.signal() }
    }

    /// Stops the thread and gives SIGWINCH back to ncurses alone (idempotent).
    func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        ResizeChain.remove()
        var byte: UInt8 = 0
        _ = write(wakeWrite, &byte, 1)
        armedSignal.signal()
        ended.wait()
        close(wakeRead)
        close(wakeWrite)
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func loop() {
        defer { ended.signal() }
        var watchesInput = true
        while true {
            armedSignal.wait()
            if isStopped { return }
            var fds = [pollfd(fd: watchesInput ? input : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            var count: Int32
            repeat { count = poll(&fds, 2, -1) } while count < 0 && errno == EINTR
            if fds[1].revents != 0 { drainWakePipe() }
            // A hung-up terminal stays "readable" forever: stop watching it rather than spin.
            if fds[0].revents & Int16(POLLIN) == 0, fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { watchesInput = false }
            if isStopped { return }
            let ready = state.withLock { state -> (@MainActor @Sendable () -> Void)? in
                state.armed = false
                return state.ready
            }
            if let ready { Task { @MainActor in ready() } }
        }
    }

    private func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
    }
}

/// The SIGWINCH handler in front of ncurses' one: calls it, then wakes the watch through its pipe.
private enum ResizeChain {
    static func install(writingTo descriptor: Int32) {
        resizeWakeDescriptor = descriptor
        sigaction(SIGWINCH, nil, &previousResizeAction)
        var action = previousResizeAction
        action.__sigaction_handler.sa_handler = resized
        action.sa_flags &= ~Int32(SA_SIGINFO | Int32(bitPattern: UInt32(SA_RESETHAND)))
        action.sa_flags |= Int32(SA_RESTART)
        sigaction(SIGWINCH, &action, nil)
    }

    static func remove() {
        sigaction(SIGWINCH, &previousResizeAction, nil)
    }
}

nonisolated(unsafe) private var resizeWakeDescriptor: Int32 = -1
nonisolated(unsafe) private var previousResizeAction = sigaction()

private func resized(_ signal: Int32) {
    let savedErrno = errno
    // ncurses installs a plain handler; SIG_DFL (nil) and SIG_IGN (1) are not functions to call.
    if previousResizeAction.sa_flags & Int32(SA_SIGINFO) == 0, let handler = previousResizeAction.__sigaction_handler.sa_handler,
       unsafeBitCast(handler, to: Int.self) != 1 {
        handler(signal)
    }
    var byte: UInt8 = 1
    _ = write(resizeWakeDescriptor, &byte, 1)
    errno = savedErrno
}
