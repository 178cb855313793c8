import NIOCore
import NIOHTTPTypes

/// Closes a connection whose client is too slow to send a request, so that
/// a client trickling bytes (a "slowloris") cannot hold connections, and
/// their file descriptors, for ever.
///
/// Two clocks, each a total rather than an idle time, since a client can
/// keep any idle timer alive by sending a byte now and then:
///
/// - **header time**: from the moment the connection is ready for a request
///   (opened, or its previous response sent) until the request's head is in;
///   this is also how long an idle keep-alive connection stays open;
/// - **body time**: from the head until the end of the body.
///
/// While the server answers (the request read, its response not ended) no
/// clock runs: a live-reload stream stays open as long as its page does.
final class RequestTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let headerTimeout: TimeAmount
    private let bodyTimeout: TimeAmount
    private var timer: Scheduled<Void>?
    /// A request's head came and its end has not.
    private var isReadingRequest = false
    /// Requests read whose response has not ended.
    private var unansweredRequests = 0

    init(headerTimeout: TimeAmount, bodyTimeout: TimeAmount) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(headerTimeout, context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(headerTimeout, context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            isReadingRequest = true
            unansweredRequests += 1
            arm(bodyTimeout, context: context)
        case .body:
            break
        case .end:
            isReadingRequest = false
            // Answered already (a refusal sent before the body was read):
            // the connection waits for its next request.
            if unansweredRequests == 0 { arm(headerTimeout, context: context) } else { disarm() }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unansweredRequests = max(0, unansweredRequests - 1)
            if unansweredRequests == 0 && !isReadingRequest { arm(headerTimeout, context: context) }
        }
        context.write(data, promise: promise)
    }

    private func arm(_ timeout: TimeAmount, context: ChannelHandlerContext) {
        disarm()
        let channel = context.channel
        timer = context.eventLoop.scheduleTask(in: timeout) {
            channel.close(promise: nil)
        }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}
