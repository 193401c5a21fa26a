// LoopbackTCPProxy: a TCP relay on 127.0.0.1 in front of a server — cut it and every connection through it is
// reset and new ones are closed at once, as when a server goes away; restore it and traffic flows again. Lets a
// test take a shared server (the test homeserver) "down" for one client without stopping it for the others.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// A loopback relay to `targetHost`:`targetPort` that a test can cut and restore.
public final class LoopbackTCPProxy: Sendable {
    /// The relay's own port on 127.0.0.1.
    public let port: Int
    private let listener: Int32
    private let targetPort: UInt16
    private let targetHost: String
    private let state = Mutex<(cut: Bool, closed: Bool, open: Set<Int32>)>((false, false, []))

    /// A relay to `targetHost`:`targetPort`, listening on a free loopback port.
    public init(targetHost: String = "127.0.0.1", targetPort: Int) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.address("127.0.0.1", 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard listener >= 0, bound, listen(listener, 64) == 0 else {
            throw SpawnError(description: "cannot listen on a loopback port: errno \(errno)")
        }
        self.listener = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.targetHost = targetHost
        self.targetPort = UInt16(targetPort)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// `http://127.0.0.1:PORT`: the relay as a base URL.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Resets every connection through the relay and closes new ones at once, until `restore()`.
    public func cut() {
        let open = state.withLock { state in
            state.cut = true
            return state.open
        }
        for descriptor in open { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }

    /// Relays new connections again.
    public func restore() {
        state.withLock { $0.cut = false }
    }

    /// Stops the relay for good: the listener and every connection are closed.
    public func close() {
        let first = state.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        guard first else { return }
        cut()
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
    }

    deinit { close() }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let (cut, closed) = state.withLock { ($0.cut, $0.closed) }
            if closed { Glibc.close(client); return }
            guard !cut, let upstream = connectUpstream() else {
                Glibc.close(client)
                continue
            }
            let registered = state.withLock { state in
                guard !state.cut else { return false }
                state.open.formUnion([client, upstream])
                return true
            }
            guard registered else {
                Glibc.close(client)
                Glibc.close(upstream)
                continue
            }
            let ends = PumpEnds()
            for (from, to) in [(client, upstream), (upstream, client)] {
                Thread.detachNewThread { [self] in
                    Self.pump(from: from, to: to)
                    // The second pump to end closes both descriptors: neither is closed while the other reads it.
                    let last = ends.count.withLock { count in
                        count += 1
                        return count == 2
                    }
                    guard last else { return }
                    state.withLock { $0.open.subtract([client, upstream]) }
                    Glibc.close(client)
                    Glibc.close(upstream)
                }
            }
        }
    }

    private func connectUpstream() -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.address(targetHost, targetPort)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard descriptor >= 0, connected else {
            if descriptor >= 0 { Glibc.close(descriptor) }
            return nil
        }
        return descriptor
    }

    /// Copies bytes until either side ends, then shuts both down so the other pump ends too.
    private static func pump(from: Int32, to: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        copying: while true {
            let count = buffer.withUnsafeMutableBytes { read(from, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { send(to, $0.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL)) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { break copying }
                offset += written
            }
        }
        shutdown(from, Int32(SHUT_RDWR))
        shutdown(to, Int32(SHUT_RDWR))
    }

    private static func address(_ host: String, _ port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        return address
    }
}

/// How many of a connection's two pumps have ended.
private final class PumpEnds: Sendable {
    let count = Mutex(0)
}
