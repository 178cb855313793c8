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
///   (opened, or its previous response sent: written to the socket, not only
///   handed on, so a slow reader of a large file is never cut off) until the
///   request's head is in;
///   this is also how long an idle keep-alive connection stays open;
/// - **body time**: from the head until the end of the body.
///
/// - **send time**: from a response's end until it is written out: the
///   header time, and a second for every 64 KiB of its body, so a slow
///   reader of a large file gets it whole and a reader that stalls does
///   not hold the connection, and the response, for ever.
///
/// - **stall time**: while the connection cannot take more of a response
///   (its reader is not reading), for at most the header time: a file goes
///   out a chunk at a time, so a reader that reads at all frees the
///   connection again well within it.
///
/// While the server answers (the request read, its response not ended) no
/// other clock runs: a live-reload stream stays open as long as its page does.
final class RequestTimeoutHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let headerTimeout: TimeAmount
    private let bodyTimeout: TimeAmount
    private var timer: Scheduled<Void>?
    /// Runs while the connection is not writable (see stall time).
    private var stallTimer: Scheduled<Void>?
    /// A request's head came and its end has not.
    private var isReadingRequest = false
    /// Requests read whose response has not ended.
    private var unansweredRequests = 0
    /// The bytes of the body of the response being written.
    private var responseBytes = 0
    /// The slowest a reader may take a response: 64 KiB a second.
    private static let slowestReadingRate = 65_536

    init(headerTimeout: TimeAmount, bodyTimeout: TimeAmount) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(headerTimeout, context: context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
        stallTimer?.cancel()
        stallTimer = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(headerTimeout, context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        stallTimer?.cancel()
        stallTimer = nil
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        stallTimer?.cancel()
        stallTimer = nil
        if !context.channel.isWritable {
            let channel = context.channel
            stallTimer = context.eventLoop.scheduleTask(in: headerTimeout) { channel.close(promise: nil) }
        }
        context.fireChannelWritabilityChanged()
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
        switch unwrapOutboundIn(data) {
        case .head:
            responseBytes = 0
        case .body(let buffer):
            responseBytes += buffer.readableBytes
        case .end:
            break
        }
        guard case .end = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        unansweredRequests = max(0, unansweredRequests - 1)
        if unansweredRequests == 0 && !isReadingRequest {
            arm(headerTimeout + .seconds(Int64(responseBytes / Self.slowestReadingRate)), context: context)
        }
        // The clock for the next request starts once the response is
        // written out: a 40 MB image to a slow reader takes longer than the
        // header time, and was cut off when the clock started here.
        let written = promise ?? context.eventLoop.makePromise(of: Void.self)
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let (eventLoop, channel) = (context.eventLoop, context.channel)
        written.futureResult.whenSuccess {
            let handler = handler.value
            guard handler.unansweredRequests == 0, !handler.isReadingRequest else { return }
            handler.arm(handler.headerTimeout, eventLoop: eventLoop, channel: channel)
        }
        context.write(data, promise: written)
    }

    private func arm(_ timeout: TimeAmount, context: ChannelHandlerContext) {
        arm(timeout, eventLoop: context.eventLoop, channel: context.channel)
    }

    private func arm(_ timeout: TimeAmount, eventLoop: any EventLoop, channel: any Channel) {
        disarm()
        timer = eventLoop.scheduleTask(in: timeout) {
            channel.close(promise: nil)
        }
    }

    private func disarm() {
        timer?.cancel()
        timer = nil
    }
}
