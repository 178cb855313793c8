import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Reads an HTTP/1 request's head as RFC 9112 means it while its version
/// and the form of its target are still there: the conversion to
/// `HTTPRequest`, after which the server's own handlers and middleware run,
/// keeps neither.
///
/// - **A request that does not keep its connection says so** the one way
///   the server's HTTP/1 loop reads it: `Connection: close`, exactly. An
///   HTTP/1.0 request closes its connection after the response unless it
///   asks for `keep-alive`, and an HTTP/1.1 one when `close` is among its
///   `Connection` options (section 9.3). The loop closed only on a header
///   that is exactly `close`, so such a client, which may read its response
///   up to the connection's end, waited for the idle timeout.
/// - **A target in absolute form names the host** (section 3.2.2: the
///   server uses it and ignores `Host`): `GET http://other.example/` becomes
///   `GET /` for `Host: other.example`, which the host check then refuses.
///   The conversion had kept the path and the `Host` field, so such a
///   request was answered for a host it did not name.
final class HTTP1HeadHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        if !head.isKeepAlive {
            head.headers.replaceOrAdd(name: "Connection", value: "close")
        }
        if let target = AbsoluteTarget(head.uri) {
            head.uri = target.path
            head.headers.replaceOrAdd(name: "Host", value: target.authority)
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// Puts an `HTTP1HeadHandler` in front of the conversion when it is
    /// added to a connection's pipeline, where the server's own handlers
    /// go after it. It passes every request part on as it is.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            guard let conversion = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) else { return }
            try? pipeline.addHandler(HTTP1HeadHandler(), position: .before(conversion))
        }
    }
}

/// A request target in absolute form, `scheme://authority/path?query`, cut
/// into its authority and the origin form of the rest.
struct AbsoluteTarget: Equatable {
    var authority: String
    /// The path and query, `/` when the target has neither.
    var path: String
}

extension AbsoluteTarget {
    /// Nil for a target that is not in absolute form (`/page/`, `*`).
    init?(_ target: String) {
        guard let schemeEnd = target.range(of: "://") else { return nil }
        let scheme = target[..<schemeEnd.lowerBound]
        // RFC 3986: a letter, then letters, digits, "+", "-" and ".".
        guard let first = scheme.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII,
              scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        let rest = target[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        authority = String(rest[..<authorityEnd])
        let tail = rest[authorityEnd...]
        path = tail.hasPrefix("/") ? String(tail) : "/" + tail
    }
}
