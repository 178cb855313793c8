import Foundation
import KumikiSupport

/// Which `Host` names the preview answers for, and which origins may send it
/// requests that do work (the playground's solves).
///
/// A page on any web site can make the reader's browser talk to a server on
/// the reader's laptop. Two things stop that here:
///
/// - **DNS rebinding.** An attacker's name (`evil.example`) is made to
///   resolve to 127.0.0.1, so the browser treats the preview as part of the
///   attacker's site and lets its scripts read the answers. The browser
///   still sends `Host: evil.example`; answering only our own names defeats
///   it, since the attacker cannot make the browser send `Host: localhost`.
/// - **Drive-by requests.** A page can POST to `http://127.0.0.1:8000/…`
///   without reading the answer. Browsers say where such a request comes
///   from (`Origin`, `Sec-Fetch-Site`); a request that does work must come
///   from the preview's own pages.
public struct HostPolicy: Sendable {
    /// Names (lowercased, IPv6 addresses in brackets) whose port must be the
    /// server's when the request gives one: loopback names and the bound address.
    let localNames: Set<String>
    /// Names given with `--allow-host`: reached through a proxy, on whatever
    /// port it listens on, so their port is not checked.
    let forwardedNames: Set<String>
    /// The port the server listens on, once known.
    let port: BoundPort

    /// - Parameters:
    ///   - host: The address the server binds (`--host`).
    ///   - allowedHosts: More names to answer for (`--allow-host`).
    ///   - port: Where the server's port is learnt once it is bound.
    public init(host: String, allowedHosts: [String] = [], port: BoundPort) {
        var local: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        if let bound = Self.normalizedName(host) { local.insert(bound) }
        localNames = local
        forwardedNames = Set(allowedHosts.compactMap { Self.normalizedName($0) })
        self.port = port
    }

    /// What to do with a request.
    public enum Verdict: Equatable, Sendable {
        case allow
        /// The request names no host (HTTP/1.1 requires one).
        case missingHost
        /// The request is for a name this server does not answer for.
        case foreignHost(String)
        /// The request does work and comes from another site's page.
        case crossOrigin(String)
    }

    /// Checks a request's authority (`Host`) and, when it does work, where
    /// it comes from.
    ///
    /// - Parameters:
    ///   - authority: The `Host` header as sent, such as `localhost:8000`.
    ///   - origin: The `Origin` header, if any.
    ///   - fetchSite: The `Sec-Fetch-Site` header, if any.
    ///   - changesState: Whether the request does work on the server (any
    ///     method but GET, HEAD and OPTIONS): only those need their origin checked.
    public func verdict(authority: String?, origin: String?, fetchSite: String?, changesState: Bool) -> Verdict {
        guard let authority, !authority.isEmpty else { return .missingHost }
        guard let (name, requestPort) = Self.split(authority: authority), isAllowed(name: name, port: requestPort) else {
            return .foreignHost(authority)
        }
        guard changesState else { return .allow }
        // `none` is a request the reader made (typed, bookmarked); a page of
        // another origin on this machine (`same-site`, such as another
        // server on localhost) is as foreign as any other.
        if let fetchSite, !["same-origin", "none"].contains(fetchSite.lowercased()) {
            return .crossOrigin("Sec-Fetch-Site: \(fetchSite)")
        }
        // Browsers send Origin with every POST; tools usually send none,
        // and cannot be made to by a web page, so its absence is allowed.
        if let origin, !Self.origin(origin, matches: authority), !isForwarded(origin: origin) {
            return .crossOrigin("Origin: \(origin)")
        }
        return .allow
    }

    private func isAllowed(name: String, port requestPort: Int?) -> Bool {
        if forwardedNames.contains(name) { return true }
        guard localNames.contains(name) else { return false }
        // No port: the name is what rebinding changes, and clients omit
        // the port for 80. A different port means another server's request.
        guard let requestPort, let bound = port.value else { return true }
        return requestPort == bound
    }

    /// Whether `origin` is on a name given with `--allow-host`: the proxy
    /// in front may hand on its own `Host` rather than the reader's.
    private func isForwarded(origin: String) -> Bool {
        let lowered = origin.lowercased()
        guard let range = lowered.range(of: "://"), ["http", "https"].contains(lowered[..<range.lowerBound]),
              let (name, _) = Self.split(authority: String(lowered[range.upperBound...])) else { return false }
        return forwardedNames.contains(name)
    }

    /// Whether `origin` (`http://host[:port]`) is the page's own: the
    /// same authority as the request's `Host`, over plain HTTP as the
    /// preview serves (`https` comes only through a proxy, whose names
    /// `--allow-host` gives).
    static func origin(_ origin: String, matches authority: String) -> Bool {
        let lowered = origin.lowercased()
        guard lowered.hasPrefix("http://"),
              let (originName, originPort) = split(authority: String(lowered.dropFirst("http://".count))),
              let (hostName, hostPort) = split(authority: authority) else {
            return false  // `null` (a sandboxed frame, a file:// page), https, anything else
        }
        return originName == hostName && (originPort ?? 80) == (hostPort ?? 80)
    }

    /// Whether `text` can be given to `--allow-host`: a name or an address,
    /// without a port, a scheme or a path.
    public static func isHostName(_ text: String) -> Bool {
        // An IPv6 address may be given without its brackets.
        let bracketed = text.filter { $0 == ":" }.count > 1 && !text.hasPrefix("[") ? "[" + text + "]" : text
        guard let (_, port) = split(authority: bracketed), port == nil else { return false }
        return !text.contains { $0 == "/" || $0 == "@" || $0 == "?" || $0 == "#" || $0.isWhitespace }
    }

    /// Splits `name[:port]` or `[v6][:port]` into a normalised name and a
    /// port; `nil` when it is malformed.
    static func split(authority: String) -> (name: String, port: Int?)? {
        // An authority holds no space (`localhost :8000` names nothing).
        guard !authority.contains(where: \.isWhitespace) else { return nil }
        var name = Substring(authority)
        var portText: Substring?
        if name.hasPrefix("[") {
            guard let close = name.firstIndex(of: "]") else { return nil }
            let after = name[name.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
            name = name[...close]
        } else if let colon = name.firstIndex(of: ":") {
            portText = name[name.index(after: colon)...]
            name = name[..<colon]
            guard !portText!.contains(":") else { return nil }  // an IPv6 address needs brackets
        }
        var port: Int?
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCIIDigit), let value = Int(portText) else { return nil }
            port = value
        }
        guard let normalized = normalizedName(String(name)) else { return nil }
        return (normalized, port)
    }

    /// A host name compared as the resolver sees it: lowercased, without a
    /// final dot; an IPv6 address in brackets. `nil` for an empty name.
    static func normalizedName(_ text: String) -> String? {
        var name = text.trimmingWhitespace.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty else { return nil }
        if name.contains(":") && !name.hasPrefix("[") { name = "[" + name + "]" }
        return name
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// The port the server listens on: known only once it is bound (`--port 0`
/// picks a free one), and read by every request after that.
public final class BoundPort: Sendable {
    private let port: LockedValue<Int?>

    public init(_ port: Int? = nil) {
        self.port = LockedValue(port.flatMap { $0 == 0 ? nil : $0 })
    }

    public var value: Int? { port.current }

    func set(_ value: Int) { port.set(value) }
}
