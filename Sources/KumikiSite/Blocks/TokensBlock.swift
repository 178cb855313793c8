import KumikiSupport
import KumikiTokens

/// A `tokens` block: one group of the site's design tokens, drawn from the
/// token files at build time so the page never disagrees with them. Each
/// token is a row with an anchor (`token-color-system-red`), its value drawn
/// by type (a swatch, a bar to scale, a type sample), its alias and
/// deprecation, and its description in both languages.
///
/// ````markdown
/// ```tokens
/// group: color.system          # the group's tokens, in file order (required)
/// background: color.background # for colours: contrast against this token
/// compare: theme               # a resolver's modifiers: each context side by side
/// title: System colours | システムカラー
/// ```
/// ````
struct TokensBlock: Sendable {
    /// One choice of contexts of the compared modifiers: its label and the
    /// tokens it resolves to.
    struct Column: Sendable {
        var label: String
        var set: TokenSet
    }

    /// Side by side, a block shows at most this many choices of contexts
    /// (the product of the compared modifiers' contexts).
    static let mostColumns = 12

    /// The info string's first word.
    static let name = "tokens"
    static let keys = ["group", "background", "title", "compare"]

    /// The group's dotted path.
    var group: String
    /// The colour token the contrast of each colour is measured against.
    var background: Token?
    var title: Bilingual<String>?
    /// The modifiers whose contexts stand side by side, in the order given.
    var compare: [String] = []

    /// The handler that draws `tokens` blocks from `tokens`, each row with
    /// the layout blocks `usage` finds using its token; with `nil` (a site
    /// whose `kumiki.yml` names no token files) every block is an error.
    static func handler(tokens: SiteTokens?, usage: TokenUsage = TokenUsage()) -> FencedBlockHandler {
        guard let tokens else {
            return FencedBlockHandler(name: name, storeKey: "tokens none") { block in
                PreparedBlock { _ in
                    FencedBlockOutput(html: "", diagnostics: [.error(
                        "the site has no tokens; name token files under 'tokens: files:' in \(SiteConfig.fileName)",
                        at: block.start)])
                }
            }
        }
        let names = TokenNames(tokens.set)
        // A block is kept under what it shows of the usage too: the uses of
        // its rows' tokens.
        let reads: @Sendable (FencedBlock) -> String = { block in
            let group = BlockOptions.parse(block, keys: keys).0["group"]?.value.text ?? ""
            return usage.digest(of: shownTokens([group], in: tokens.set))
        }
        return FencedBlockHandler(name: name, storeKey: "tokens " + tokens.digest + " rem \(tokens.remSize)", blockReads: reads) { block in
            let (settings, diagnostics) = parse(block, tokens: tokens, names: names)
            guard let settings else {
                return PreparedBlock { _ in FencedBlockOutput(html: "", diagnostics: diagnostics) }
            }
            let rows = settings.rows(in: tokens.set)
            let columns = settings.columns(in: tokens)
            let earlier = earlierRows(block, tokens: tokens.set, names: names)
            return PreparedBlock(searchText: settings.searchText(rows)) { _ in
                FencedBlockOutput(
                    html: settings.html(rows, remSize: tokens.remSize, id: block.elementID(prefix: "tokens"), columns: columns,
                                        earlier: earlier, usage: usage, rootPrefix: block.rootPrefix ?? "../"),
                    diagnostics: diagnostics)
            }
        }
    }

    /// Each choice of contexts of the compared modifiers, the first
    /// modifier's contexts varying slowest, the other modifiers at their
    /// defaults; none when the block compares nothing.
    func columns(in tokens: SiteTokens) -> [Column] {
        guard !compare.isEmpty, let resolution = tokens.resolution else { return [] }
        return resolution.combinations(of: compare, base: tokens.inputs).map { inputs in
            Column(label: compare.compactMap { inputs[$0] }.joined(separator: " · "), set: tokens.set(for: inputs))
        }
    }

    /// The rows of the page's earlier `tokens` blocks, block by block, so
    /// this block's anchors stay apart from theirs; a block whose group
    /// names no group shows no rows.
    static func earlierRows(_ block: FencedBlock, tokens: TokenSet, names: TokenNames) -> [[Token]] {
        block.earlierTexts.map { text in
            let earlier = FencedBlock(info: name, text: text, start: block.start, firstLine: block.firstLine, index: 0)
            guard let group = BlockOptions.parse(earlier, keys: keys).0["group"]?.value.text, names.isGroup(group)
            else { return [] }
            return TokensBlock(group: group).rows(in: tokens)
        }
    }

    /// The names of the tokens the groups among `names` show as rows, in
    /// file order, each once; a name that is no group shows none.
    static func shownTokens(_ names: [String], in set: TokenSet) -> [String] {
        let prefixes = names.map { $0 + "." }
        return set.tokens.map(\.name).filter { name in prefixes.contains { name.hasPrefix($0) } }
    }

    /// The group's tokens, direct and nested, in file order.
    func rows(in set: TokenSet) -> [Token] {
        set.tokens.filter { $0.name.hasPrefix(group + ".") }
    }

    var caption: Bilingual<String> {
        title ?? Bilingual("Tokens in \(group)", "\(group) のトークン")
    }

    /// The caption, and each token's name and description in each language.
    func searchText(_ rows: [Token]) -> Bilingual<String> {
        let english = rows.map { [$0.name, $0.description].compactMap { $0 }.joined(separator: " ") }
        let japanese = rows.map { [$0.name, $0.japaneseDescription ?? $0.description].compactMap { $0 }.joined(separator: " ") }
        return Bilingual(
            ([caption.english] + english).joined(separator: "; "),
            ([caption.japanese] + japanese).joined(separator: "; "))
    }

    // MARK: - Options

    /// The names a block may give: every group (each dotted prefix of a
    /// token's path) and every token, in file order.
    struct TokenNames: Sendable {
        var groups: [String] = []
        var tokens: [String] = []
        private var groupSet: Set<String> = []

        init(_ set: TokenSet) {
            for token in set.tokens {
                tokens.append(token.name)
                for count in 1..<max(1, token.path.count) {
                    let name = token.path.prefix(count).joined(separator: ".")
                    if groupSet.insert(name).inserted { groups.append(name) }
                }
            }
        }

        func isGroup(_ name: String) -> Bool { groupSet.contains(name) }
    }

    /// The block's settings, or `nil` when there is no group to draw; every
    /// problem is reported at its line and column.
    static func parse(_ block: FencedBlock, tokens siteTokens: SiteTokens, names: TokenNames) -> (TokensBlock?, [Diagnostic]) {
        let tokens = siteTokens.set
        let (options, problems) = BlockOptions.parse(block, keys: keys)
        var diagnostics = problems
        var settings: TokensBlock?
        if let entry = options["group"], !entry.value.text.isEmpty {
            let item = entry.value
            if names.isGroup(item.text) {
                settings = TokensBlock(group: item.text)
            } else if let token = tokens.token(named: item.text) {
                let parent = token.path.dropLast().joined(separator: ".")
                let hint = parent.isEmpty ? "" : "; the group it is in is '\(parent)'"
                diagnostics.append(.error("'\(item.text)' is a token, not a group\(hint)", at: item.location))
            } else {
                diagnostics.append(.error(
                    "no token group '\(item.text)'\(Suggestions.hint(for: item.text, among: names.groups))", at: item.location))
            }
        } else {
            let example = names.groups.first ?? "color"
            diagnostics.append(.error(
                "a 'tokens' block needs 'group: NAME', the group of tokens to show, such as 'group: \(example)'",
                at: options["group"]?.keyLocation ?? block.start))
        }
        if let entry = options["background"] {
            let item = entry.value
            if item.text.isEmpty {
                diagnostics.append(.error("'background' needs the name of a color token", at: entry.keyLocation))
            } else if let token = tokens.token(named: item.text) {
                if case .color = token.value {
                    settings?.background = token
                } else {
                    diagnostics.append(.error(
                        "'\(item.text)' is a \(token.type.rawValue) token; 'background' needs a color token", at: item.location))
                }
            } else {
                diagnostics.append(.error(
                    "no token '\(item.text)'\(Suggestions.hint(for: item.text, among: names.tokens))", at: item.location))
            }
        }
        if let entry = options["title"] {
            if entry.value.text.isEmpty {
                diagnostics.append(.error("'title' needs a text: 'English | 日本語'", at: entry.keyLocation))
            } else {
                settings?.title = entry.value.bilingual
            }
        }
        if let entry = options["compare"] {
            let compared = compare(entry, in: siteTokens, diagnostics: &diagnostics)
            settings?.compare = compared
        }
        return (settings, diagnostics)
    }

    /// The modifiers `compare:` names, each once; a name that is no
    /// modifier is an error at its place, and so is a product of contexts
    /// too wide to stand side by side.
    private static func compare(_ entry: BlockOptions.Entry, in tokens: SiteTokens, diagnostics: inout [Diagnostic]) -> [String] {
        guard let document = tokens.resolution?.document, !document.modifiers.isEmpty else {
            diagnostics.append(.error(
                tokens.resolution == nil
                    ? "the site has no modifiers: 'compare' sets a resolver's contexts side by side, and \(SiteConfig.fileName) names token files, not a resolver ('tokens: resolver:')"
                    : "the site has no modifiers: its resolver declares none, so there are no contexts to compare",
                at: entry.keyLocation))
            return []
        }
        guard !entry.items.isEmpty else {
            diagnostics.append(.error(
                "'compare' needs the names of modifiers, such as 'compare: \(document.modifiers[0].name)'", at: entry.keyLocation))
            return []
        }
        let names = document.modifiers.map(\.name)
        var compared: [String] = []
        for item in entry.items {
            guard let modifier = document.modifier(named: item.text) else {
                diagnostics.append(.error(
                    "no modifier '\(item.text)' in the resolver\(Suggestions.hint(for: item.text, among: names))", at: item.location))
                continue
            }
            if !compared.contains(modifier.name) { compared.append(modifier.name) }
        }
        let count = compared.reduce(1) { $0 * (document.modifier(named: $1)?.contexts.count ?? 1) }
        if count > mostColumns {
            diagnostics.append(.error(
                "'compare' makes \(count) combinations of contexts; a block sets at most \(mostColumns) side by side, so compare fewer modifiers",
                at: entry.keyLocation))
            return []
        }
        return compared
    }
}
