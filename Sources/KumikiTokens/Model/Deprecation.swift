/// Whether a token is deprecated, and why: `$deprecated` on the token or,
/// when it has none, on the nearest group that has one.
public enum Deprecation: Hashable, Sendable {
    /// Not deprecated (no `$deprecated`, or `false`).
    case current
    /// `$deprecated: true` (`reason` is `nil`) or a reason string.
    case deprecated(reason: String?)

    public var isDeprecated: Bool {
        if case .deprecated = self { true } else { false }
    }

    /// The reason given, when one was.
    public var reason: String? {
        if case .deprecated(let reason) = self { reason } else { nil }
    }
}
