// HTTP2StreamOpening: tells, as a request's HTTP/2 stream opens, which origin the stream goes to.
import Foundation
import NIOCore
import NIOHTTP2

/// Sits on a request's HTTP/2 stream (AsyncHTTPClient's stream initializer, the one hook it offers on
/// connections) and reports the origin (`:scheme`, `:authority`) of the request's headers as they are sent:
/// the first request to a host over HTTP/2 reveals its protocol while its answer is still to come, so the
/// requests waiting for a turn there can start at once instead of after that answer.
final class HTTP2StreamOpening: ChannelOutboundHandler {
    typealias OutboundIn = HTTP2Frame.FramePayload
    typealias OutboundOut = HTTP2Frame.FramePayload

    private let opened: @Sendable (URL) -> Void
    private var reported = false

    /// `opened` gets `scheme://authority/` of the stream's request.
    init(opened: @escaping @Sendable (URL) -> Void) {
        self.opened = opened
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if !reported, case .headers(let frame) = unwrapOutboundIn(data), let authority = frame.headers.first(name: ":authority") {
            reported = true
            let scheme = frame.headers.first(name: ":scheme") ?? "https"
            if let origin = URL(string: "\(scheme)://\(authority)/") { opened(origin) }
        }
        context.write(data, promise: promise)
    }
}
