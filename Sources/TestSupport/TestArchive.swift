// TestArchive: an archive TestHTTPServer serves by range requests (206, 416, ETag, 304, If-Range), changeable mid-test.
import Foundation
import NIOCore
import NIOHTTP1
import SchemeLoader

/// An archive served by `TestRoute.archive`: bytes in memory or a file of any size (a sparse 10 GB file
/// costs no disk), a version (`ETag`, `Last-Modified`) a test can change, a server that can ignore
/// `Range` or `If-Range`, and a record of every request and of the body bytes sent.
public final class TestArchive: Sendable {
    /// The bytes served.
    public enum Content: Sendable {
        /// Bytes in memory.
        case data(Data)
        /// A file, read piece by piece as it is sent (a 10 GB sparse file is never held in memory).
        case file(path: String)
    }

    /// One request as the archive saw it.
    public struct Request: Sendable, Hashable {
        /// The `Range` header, if any.
        public let range: String?
        /// The `If-Range` header, if any.
        public let ifRange: String?
        /// The `If-None-Match` header, if any.
        public let ifNoneMatch: String?
        /// The status answered.
        public let status: Int
    }

    private struct State {
        var content: Content
        var size: UInt64
        var tag: String?
        var lastModified: String?
        var cacheControl: String?
        var ignoresRanges = false
        var ignoresIfRange = false
        var requests: [Request] = []
        var bodyBytesSent = 0
        var transfers = 0
    }

    private let state: Locked<State>

    /// An archive of `content` with version `tag` (`nil`: no `ETag`) and, optionally, `Last-Modified`
    /// and `Cache-Control` headers. Throws when a file's size cannot be read.
    public init(_ content: Content, tag: String? = "\"v1\"", lastModified: String? = nil, cacheControl: String? = nil) throws {
        state = Locked(State(content: content, size: try Self.size(of: content), tag: tag, lastModified: lastModified,
                             cacheControl: cacheControl))
    }

    /// Replaces the archive by `content` with version `tag` (a new build uploaded to the server).
    public func replace(with content: Content, tag: String?, lastModified: String? = nil) throws {
        let size = try Self.size(of: content)
        state.withLock { state in
            state.content = content
            state.size = size
            state.tag = tag
            state.lastModified = lastModified
        }
    }

    /// When true the server ignores `Range`: every answer is a 200 with the whole archive.
    public func setIgnoresRanges(_ ignores: Bool) { state.withLock { $0.ignoresRanges = ignores } }
    /// When true the server ignores `If-Range`: a range of another version is still a 206.
    public func setIgnoresIfRange(_ ignores: Bool) { state.withLock { $0.ignoresIfRange = ignores } }

    /// The requests received so far, in order.
    public var requests: [Request] { state.withLock { $0.requests } }
    /// Body bytes handed to the sockets so far.
    public var bodyBytesSent: Int { state.withLock { $0.bodyBytesSent } }
    /// Bodies being sent now (a transfer ends when its last byte is sent or its connection closes).
    public var transfersInProgress: Int { state.withLock { $0.transfers } }

    /// What to answer to a request with `headers`: status, headers, and the bytes of the body (offset, count).
    func answer(_ headers: HTTPHeaders) -> (status: Int, headers: [(String, String)], body: (offset: UInt64, count: UInt64)) {
        state.withLock { state in
            var fields = [("Accept-Ranges", "bytes"), ("Content-Type", "application/octet-stream")]
            if let tag = state.tag { fields.append(("ETag", tag)) }
            if let date = state.lastModified { fields.append(("Last-Modified", date)) }
            if let cacheControl = state.cacheControl { fields.append(("Cache-Control", cacheControl)) }
            let ifRange = headers.first(name: "If-Range"), ifNoneMatch = headers.first(name: "If-None-Match")
            let range = state.ignoresRanges ? nil : headers.first(name: "Range").flatMap(Self.parse)
            let rangeApplies = ifRange.map { state.ignoresIfRange || $0 == state.tag || $0 == state.lastModified } ?? true
            let answer: (Int, [(String, String)], (UInt64, UInt64))
            if let ifNoneMatch, ifNoneMatch == state.tag {
                answer = (304, fields, (0, 0))
            } else if let range, rangeApplies {
                if range.first >= state.size {
                    answer = (416, [("Content-Range", "bytes */\(state.size)")], (0, 0))
                } else {
                    let last = min(range.last ?? UInt64.max, state.size - 1)
                    answer = (206, fields + [("Content-Range", "bytes \(range.first)-\(last)/\(state.size)")],
                              (range.first, last - range.first + 1))
                }
            } else {
                answer = (200, fields, (0, state.size))
            }
            state.requests.append(Request(range: headers.first(name: "Range"), ifRange: ifRange, ifNoneMatch: ifNoneMatch,
                                          status: answer.0))
            let length = answer.0 == 304 ? [] : [("Content-Length", String(answer.2.1))]
            return (answer.0, answer.1 + length, answer.2)
        }
    }

    /// Up to `count` bytes from `offset`, as the archive is now.
    func read(offset: UInt64, count: Int) -> Data {
        let content = state.withLock { $0.content }
        switch content {
        case .data(let data):
            let start = Int(min(offset, UInt64(data.count)))
            return Data(data.dropFirst(start).prefix(count))
        case .file(let path):
            guard let handle = FileHandle(forReadingAtPath: path) else { return Data() }
            defer { try? handle.close() }
            try? handle.seek(toOffset: offset)
            return (try? handle.read(upToCount: count)) ?? Data()
        }
    }

    func transferBegan() { state.withLock { $0.transfers += 1 } }
    func transferEnded() { state.withLock { $0.transfers -= 1 } }
    func sent(bodyBytes: Int) { state.withLock { $0.bodyBytesSent += bodyBytes } }

    /// `bytes=first-last` or `bytes=first-` (one range; anything else is no range).
    private static func parse(_ header: String) -> (first: UInt64, last: UInt64?)? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let ends = header.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let first = UInt64(ends[0]) else { return nil }
        if ends[1].isEmpty { return (first, nil) }
        guard let last = UInt64(ends[1]), last >= first else { return nil }
        return (first, last)
    }

    private static func size(of content: Content) throws -> UInt64 {
        switch content {
        case .data(let data): return UInt64(data.count)
        case .file(let path): return (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.uint64Value ?? 0
        }
    }
}

extension RouteHandler {
    /// Answers a request for `archive`: the body is read and sent a piece at a time, the next piece
    /// once the last is written (at the server's bandwidth cap, if any), until it ends or the
    /// connection closes — a client that stops reading a 10 GB body stops the transfer.
    func serve(_ archive: TestArchive, request: HTTPHeaders, context: ChannelHandlerContext) {
        let answer = archive.answer(request)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: answer.status), headers: HTTPHeaders(answer.headers)))),
            promise: nil)
        archive.transferBegan()
        sendArchive(archive, from: answer.body.offset, remaining: answer.body.count, context: context)
    }

    private func sendArchive(_ archive: TestArchive, from offset: UInt64, remaining: UInt64, context: ChannelHandlerContext) {
        guard remaining > 0 else {
            archive.transferEnded()
            return endResponse(context: context)
        }
        let rate = server.server?.bytesPerSecond
        let piece = archive.read(offset: offset, count: Int(min(remaining, UInt64(rate.map { max(1, $0 / 20) } ?? 65_536))))
        guard !piece.isEmpty, context.channel.isActive else { return archive.transferEnded() }
        server.server?.sent(bodyBytes: piece.count)
        archive.sent(bodyBytes: piece.count)
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let next = { @Sendable (written: Bool) in
            let (handler, context) = loopBound.value
            guard written, context.channel.isActive else { return archive.transferEnded() }
            handler.sendArchive(archive, from: offset + UInt64(piece.count), remaining: remaining - UInt64(piece.count),
                                context: context)
        }
        let eventLoop = context.eventLoop
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: piece))))).whenComplete { result in
            guard case .success = result else { return next(false) }
            guard let rate else { return next(true) }
            let wait = Duration.seconds(Double(piece.count) / Double(rate))
            eventLoop.scheduleTask(in: .nanoseconds(Self.nanoseconds(wait))) { next(true) }
        }
    }
}
