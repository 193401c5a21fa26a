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
    /// requests are dropped.
    public init(host: String = "127.0.0.1", port: Int = 0) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var reuse: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr(host)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard listener >= 0, bound, listen(listener, 0) == 0 else {
            throw SpawnError(description: "cannot listen on \(host):\(port): errno \(errno)")
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

    /// A URL on this port.
    public func url(_ path: String) -> URL { URL(string: "http://\(host):\(port)\(path)")! }

    deinit { descriptors.forEach { close($0) } }
}
