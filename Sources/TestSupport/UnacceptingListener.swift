// UnacceptingListener: a loopback port whose listener never accepts, its queue full — a connection to it is
// neither refused nor answered, as on a network that drops packets: the client waits for its connect timeout.
#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// A port on 127.0.0.1 that takes no connection: connecting waits until the client gives up.
public final class UnacceptingListener: Sendable {
    /// The port.
    public let port: Int
    /// The loopback address.
    public let host: String
    private let descriptors: [Int32]

    /// Listens on `host`:`port` (0: any free one) with a queue of one and fills it, so that later connection
    /// requests are dropped. A port still held by a server that was just stopped (its sockets closing on an
    /// event loop) is waited for, up to 10 s, until it is free.
    public init(host: String = "127.0.0.1", port: Int = 0) throws {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        let deadline = ContinuousClock.now + .seconds(10)
        var listener: Int32 = -1
        while true {
            let (descriptor, failure) = Self.listen(at: &address)
            if failure == 0 { listener = descriptor; break }
            guard failure == EADDRINUSE, port != 0, ContinuousClock.now < deadline else {
                throw SpawnError(description: "cannot listen on \(host):\(port): errno \(failure)")
            }
            usleep(50_000)
        }
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.host = host
        // Connections that fill the queue (a queue of 0 holds one; two more for the kernel's rounding), never accepted.
        var fillers: [Int32] = []
        for _ in 0..<3 {
            let filler = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            _ = fcntl(filler, F_SETFL, fcntl(filler, F_GETFL) | O_NONBLOCK)
            _ = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            fillers.append(filler)
        }
        descriptors = [listener] + fillers
        Thread.sleep(forTimeInterval: 0.2)  // the handshakes of the fillers complete
    }

    /// A listening socket bound to `address` (its port filled in when it was 0), or the errno that stopped it.
    private static func listen(at address: inout sockaddr_in) -> (descriptor: Int32, errno: Int32) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { return (-1, errno) }
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard bound, Glibc.listen(listener, 0) == 0 else {
            let failure = errno
            close(listener)
            return (-1, failure)
        }
        return (listener, 0)
    }

    /// A URL on this port.
    public func url(_ path: String) -> URL { URL(string: "http://\(host):\(port)\(path)")! }

    deinit { descriptors.forEach { close($0) } }
}
