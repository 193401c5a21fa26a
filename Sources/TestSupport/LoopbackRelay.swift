// LoopbackRelay: a TCP relay on 127.0.0.1 in front of a server — a test cuts it (every connection dropped, new ones
// refused) and opens it again on the same port, so a shared server looks down and back without being stopped; or
// holds one kind of request (never relayed) or its answer (the server acts, the client never hears), so a client
// can be killed at that very step.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// Relays connections from a loopback port to `target`; `cut()` and `open()` switch it off and on.
public final class LoopbackRelay: Sendable {
    /// The relay's port.
    public let port: Int
    private let targetPort: Int
    private struct State {
        var listener: Int32 = -1
        var connections: Set<Int32> = []
        var opened = 0
        var upstreamBytes = 0
        var bytesPerSecond: Int?
        var heldRequestMarker: Data?
        var heldAnswerMarker: Data?
        var held = 0
        /// The relay threads of held chunks, each waiting for `release()` or `cut()`.
        var holding: [DispatchSemaphore] = []
    }
    private let state = Mutex(State())

    /// A relay to `target` (an `http://127.0.0.1:PORT` URL), open on a free port.
    public init(to target: URL) throws {
        guard let targetPort = target.port else { throw SpawnError(description: "\(target) names no port") }
        self.targetPort = targetPort
        let (listener, port) = try Self.listen(port: 0)
        self.port = port
        state.withLock { $0.listener = listener }
        startAccepting(listener)
    }

    /// `http://127.0.0.1:PORT` of the relay.
    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The bytes relayed from clients to the server so far.
    public var upstreamBytes: Int { state.withLock { $0.upstreamBytes } }

    /// Limits what clients send to the server to `rate` bytes a second (`nil`: as fast as it goes), as a slow uplink.
    public func limitUpload(to rate: Int?) { state.withLock { $0.bytesPerSecond = rate } }

    /// How many connections were relayed so far.
    public var connectionsOpened: Int { state.withLock { $0.opened } }

    /// Holds each request whose bytes contain `marker` (e.g. `/send/`): it is not relayed, and its connection stays
    /// open — the client waits for an answer — until `release()`.
    public func holdRequests(containing marker: String) { state.withLock { $0.heldRequestMarker = Data(marker.utf8) } }

    /// Relays each request whose bytes contain `marker` but holds the server's answer: the server acts, the client
    /// never hears back — until `release()`.
    public func holdAnswers(toRequestsContaining marker: String) { state.withLock { $0.heldAnswerMarker = Data(marker.utf8) } }

    /// How many requests and answers have been held so far.
    public var heldCount: Int { state.withLock { $0.held } }

    /// Holds nothing more, and drops the connections of what was held (none of it goes through).
    public func release() {
        let holding = state.withLock { state in
            state.heldRequestMarker = nil
            state.heldAnswerMarker = nil
            defer { state.holding = [] }
            return state.holding
        }
        for thread in holding { thread.signal() }
    }

    /// Drops every connection and refuses new ones (the port is closed) until `open()`.
    public func cut() {
        let (listener, connections, holding) = state.withLock { state in
            defer { state.listener = -1; state.connections = []; state.holding = [] }
            return (state.listener, state.connections, state.holding)
        }
        for thread in holding { thread.signal() }
        if listener >= 0 { shutdown(listener, Int32(SHUT_RDWR)); close(listener) }
        for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
    }

    /// Listens on the same port again.
    public func open() throws {
        let (listener, _) = try Self.listen(port: port)
        state.withLock { $0.listener = listener }
        startAccepting(listener)
    }

    deinit { cut() }

    private func startAccepting(_ listener: Int32) {
        let thread = Thread { [weak self] in
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                guard let self else { close(client); return }
                self.relay(client)
            }
        }
        thread.start()
    }

    private func relay(_ client: Int32) {
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.address(port: targetPort)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        let open = state.withLock { state -> Bool in
            guard state.listener >= 0, connected else { return false }
            state.connections.formUnion([client, upstream])
            state.opened += 1
            return true
        }
        guard open else { close(client); close(upstream); return }
        let finished = PumpCount()
        let answerHeld = AnswerHeld()
        for (from, to) in [(client, upstream), (upstream, client)] {
            let isUpload = from == client
            Thread { [weak self] in
                var buffer = [UInt8](repeating: 0, count: 16_384)
                while true {
                    let count = read(from, &buffer, buffer.count)
                    guard count > 0 else { break }
                    if let self, self.holds(Data(buffer[0..<count]), isUpload: isUpload, answerHeld: answerHeld) { break }
                    guard Self.writeAll(buffer, count: count, to: to) else { break }
                    guard isUpload, let self else { continue }
                    let rate = self.state.withLock { state -> Int? in
                        state.upstreamBytes += count
                        return state.bytesPerSecond
                    }
                    if let rate { Thread.sleep(forTimeInterval: Double(count) / Double(max(1, rate))) }
                }
                shutdown(from, Int32(SHUT_RDWR))
                shutdown(to, Int32(SHUT_RDWR))
                // The second pump to end closes both descriptors: neither is reused while the other still reads.
                if finished.value.withLock({ value -> Bool in value += 1; return value == 2 }) {
                    self?.state.withLock { $0.connections.subtract([client, upstream]) }
                    close(client)
                    close(upstream)
                }
            }.start()
        }
    }

    /// Whether `chunk` is held (then this returns once `release()` or `cut()` came, and the connection is dropped).
    /// A request matching the answer marker marks its connection, whose next answer is held.
    private func holds(_ chunk: Data, isUpload: Bool, answerHeld: AnswerHeld) -> Bool {
        let (hold, released) = state.withLock { state -> (Bool, DispatchSemaphore?) in
            if isUpload, let marker = state.heldAnswerMarker, chunk.range(of: marker) != nil { answerHeld.value.withLock { $0 = true } }
            let hold = isUpload ? state.heldRequestMarker.map { chunk.range(of: $0) != nil } ?? false : answerHeld.value.withLock { $0 }
            guard hold else { return (false, nil) }
            state.held += 1
            guard state.listener >= 0 else { return (true, nil) }  // cut already: dropped at once
            let released = DispatchSemaphore(value: 0)
            state.holding.append(released)
            return (true, released)
        }
        released?.wait()
        return hold
    }

    private static func writeAll(_ buffer: [UInt8], count: Int, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < count {
            // send with MSG_NOSIGNAL: a peer that went away is an error here, never a SIGPIPE to the test process.
            let written = buffer.withUnsafeBytes { send(descriptor, $0.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL)) }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    private static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func listen(port: Int) throws -> (Int32, Int) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.address(port: port)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard listener >= 0, bound, Glibc.listen(listener, 64) == 0 else {
            close(listener)
            throw SpawnError(description: "cannot listen on 127.0.0.1:\(port): errno \(errno)")
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }
}

/// How many of a connection's two pumps have ended.
private final class PumpCount: Sendable {
    let value = Mutex(0)
}

/// Whether a connection's next answer is held (its request matched the answer marker).
private final class AnswerHeld: Sendable {
    let value = Mutex(false)
}
