/// One source of tokens, merged with the others in order: a token file's
/// text, or a token tree already read as JSON (a resolver's inline source,
/// or the part of a file a `$ref`'s fragment points to).
struct TokenSource: Sendable {
    enum Content: Sendable {
        case text(String)
        case tree(JSONNode)
    }

    /// The file as diagnostics print it; for an inline source, the resolver's.
    var path: String
    var content: Content
}
