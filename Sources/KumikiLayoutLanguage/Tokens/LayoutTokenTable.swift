/// The design tokens as one environment's layout sees them: each token's
/// dotted path and its resolved value, in the units the layout stages use.
///
/// The site builds one table per choice of the contexts that environments'
/// traits select (`tokens.modes`), from the token set resolved with those
/// contexts; the layout language reads lengths and numbers from it, and the
/// diagram reads colours and typography. It holds no reference to the
/// token files, so that the layout and diagram stages need not know them.
public struct LayoutTokenTable: Hashable, Sendable {
    /// Every token by its dotted path.
    public private(set) var entries: [String: LayoutTokenEntry]
    /// The tokens the token files declare but leave out for an error (of
    /// their own, or of a token they alias): a block naming one is told
    /// so, not that the token does not exist.
    public private(set) var withheld: Set<String>

    public init(entries: [String: LayoutTokenEntry] = [:], withheld: Set<String> = []) {
        self.entries = entries
        self.withheld = withheld
    }

    /// A table with no tokens: what a site without tokens has.
    public static let empty = LayoutTokenTable()

    public subscript(path: String) -> LayoutTokenEntry? { entries[path] }

    /// The token names, sorted: what an unknown name is compared with.
    public var names: [String] { entries.keys.sorted() }

    public var isEmpty: Bool { entries.isEmpty }
}

/// One token of a `LayoutTokenTable`.
public struct LayoutTokenEntry: Hashable, Sendable {
    public var value: LayoutTokenValue
    /// The reason given when the token is deprecated; `nil` when it is not.
    public var deprecation: LayoutTokenDeprecation?
    /// The value as the token files write it (`16px`, `#0a84ff`), for the
    /// title a reference shows on the page.
    public var written: String

    public init(value: LayoutTokenValue, deprecation: LayoutTokenDeprecation? = nil, written: String) {
        self.value = value
        self.deprecation = deprecation
        self.written = written
    }
}

/// Why a token is deprecated: its `$deprecated` string, or nothing when
/// the file says only `true`.
public struct LayoutTokenDeprecation: Hashable, Sendable {
    public var reason: String?

    public init(reason: String?) {
        self.reason = reason
    }
}
