import KumikiMarkdown

/// The URL path the site lives under, such as `/docs/`: the preview serves
/// the site there, exactly where the published site will be.
public struct BasePath: Hashable, Sendable, CustomStringConvertible {
    /// Always starts and ends with `/`; `/` for a site at the server root.
    /// Percent-encoded as a browser sends it (`/%E3%83%89/` for `/ド/`), so
    /// that it compares with request paths as they come.
    public let value: String

    /// Reads `docs`, `/docs`, `/docs/` or `/a/b/` alike.
    ///
    /// - Returns: `nil` when a segment is empty after trimming, is `.` or
    ///   `..`, or holds characters that do not belong in a path (`\`, `%`,
    ///   `?`, `#`, spaces, control characters).
    public init?(_ text: String) {
        let segments = text.split(separator: "/", omittingEmptySubsequences: true)
        for segment in segments {
            if segment == "." || segment == ".." { return nil }
            let forbidden: Set<Character> = ["\\", "%", "?", "#", " ", "\0"]
            if segment.contains(where: { forbidden.contains($0) || $0.isControlCharacter }) { return nil }
        }
        value = segments.isEmpty ? "/" : "/" + segments.map { String($0).percentEncodedForHref }.joined(separator: "/") + "/"
    }

    /// The site root.
    public static let root = BasePath(uncheckedValue: "/")

    private init(uncheckedValue: String) { value = uncheckedValue }

    public var description: String { value }
}

extension Character {
    fileprivate var isControlCharacter: Bool {
        unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
