/// What a request path asks of the site: a file, a redirect, or nothing.
public enum SiteRoute: Hashable, Sendable {
    /// A key of the site's files, such as `adaptivity/index.html`.
    case file(String)
    /// Another path of this server to send the reader to.
    case redirect(String)
    /// Nothing the site holds; answered with the site's 404 page.
    case notFound
}

/// Turns a raw request path into a key of the site's files.
///
/// The site is served from memory, so only its own keys can ever be
/// answered; the checks here still refuse anything that looks like an
/// escape (`..`, `%2e%2e`, encoded slashes, backslashes, NUL) rather than
/// trying to make sense of it, so a request never means something different
/// here than on a static host.
public enum SitePath {
    /// - Parameters:
    ///   - rawPath: The path as sent, still percent-encoded, without the query.
    ///   - basePath: Where the site lives.
    ///   - exists: Whether the site has a file with this key.
    public static func route(_ rawPath: String, basePath: BasePath, exists: (String) -> Bool) -> SiteRoute {
        let base = basePath.value
        if basePath != .root, rawPath == "/" || rawPath + "/" == base { return .redirect(base) }
        guard rawPath.hasPrefix(base) else { return .notFound }
        guard let segments = decodedSegments(of: String(rawPath.dropFirst(base.count))) else { return .notFound }

        let relative = segments.joined(separator: "/")
        let isDirectory = relative.isEmpty || rawPath.hasSuffix("/")
        if isDirectory {
            let key = relative.isEmpty ? "index.html" : relative + "/index.html"
            return exists(key) ? .file(key) : .notFound
        }
        if exists(relative) { return .file(relative) }
        // `/docs/adaptivity` → `/docs/adaptivity/`, as static hosts do, so
        // the page's relative links resolve against the right folder.
        if exists(relative + "/index.html") { return .redirect(rawPath + "/") }
        return .notFound
    }

    /// The percent-decoded segments of a path relative to the base, or `nil`
    /// when any segment is unsafe or the encoding is malformed.
    static func decodedSegments(of relative: String) -> [String]? {
        var parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        if parts.last == "" { parts.removeLast() }  // a trailing slash
        var segments: [String] = []
        for part in parts {
            guard !part.isEmpty, let segment = percentDecoded(part), isSafe(segment) else { return nil }
            segments.append(segment)
        }
        return segments
    }

    /// A decoded segment is safe when it cannot climb or split: not `.` or
    /// `..`, and no `/`, `\` or control character (an encoded slash would
    /// otherwise turn one segment into two after the checks).
    static func isSafe(_ segment: String) -> Bool {
        if segment == "." || segment == ".." { return false }
        return !segment.unicodeScalars.contains { scalar in
            scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control
        }
    }

    /// Decodes `%XX` escapes as UTF-8; `nil` for a malformed escape or bytes
    /// that are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
