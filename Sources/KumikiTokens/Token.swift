import KumikiSupport

/// One resolved token: what a later stage (the `tokens` command, a page's
/// `tokens` block) shows and uses.
public struct Token: Hashable, Sendable {
    /// The dotted path: `color.accent.$root`.
    public var name: String
    public var path: [String]
    public var type: TokenType
    /// The value with every alias and reference replaced.
    public var value: TokenValue
    /// The first reference its own `$value` names, depth-first: a token's
    /// dotted path for `{…}`, the pointer (`#/color/base/$value`) for
    /// `{"$ref": …}`; `nil` when it names none.
    public var alias: String? { references.first?.written }
    /// Every reference its own `$value` names, in order.
    public var references: [TokenReference]
    /// `$description`, English.
    public var description: String?
    /// `$extensions` → `org.kumiki` → `description_ja`.
    public var japaneseDescription: String?
    public var deprecation: Deprecation
    /// `$extensions` as written, kept for tools that read their own keys.
    public var extensions: JSONNode?
    /// Where its key is written.
    public var location: SourceLocation
    /// Where its `$value` starts.
    public var valueLocation: SourceLocation
}

/// A reference written in a token's value.
public struct TokenReference: Hashable, Sendable {
    /// The dotted path of `{…}`, or the pointer of `{"$ref": …}`.
    public var written: String
    /// Whether it is a JSON Pointer (`{"$ref": …}`), not an alias.
    public var isPointer: Bool
    /// The token it names or points into, when there is one.
    public var token: String?
    public var location: SourceLocation

    /// As an author writes it in a value: `{color.base}` or `#/color/base/$value`.
    public var asWritten: String { isPointer ? written : "{\(written)}" }
}
