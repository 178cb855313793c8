import Foundation
import KumikiSupport
import KumikiTokens

/// What a page reads of the site's tokens, for its key: the tokens its
/// `tokens` blocks show.
enum TokenReading {
    /// How `Page.tokenNames` marks what a block's `compare:` names.
    static let comparePrefix = "compare:"
    /// How `Page.tokenReads` marks a token a layout block names.
    static let layoutPrefix = "layout:"

    /// A digest of every token the names reach (a token, or a group and the
    /// tokens under it): their names, types, values, aliases, descriptions
    /// and deprecation, and the points per rem. A name that reaches nothing
    /// reads every name (its error suggests the closest), so it takes the
    /// whole set's digest; so does a block's `compare:`, since the sets of
    /// other contexts may come from any file the resolver names.
    ///
    /// A token a layout block names is read as the layout reads it, with
    /// its value in every environment's table (`layout`).
    static func digest(of names: [String], in tokens: SiteTokens?, layout: LayoutBlockTokens = .none) -> String {
        guard !names.isEmpty else { return "" }
        guard let tokens else { return "no tokens" }
        var hash = StableHash()
        hash.combine(field: "rem \(tokens.remSize)")
        let layoutPaths = names.filter { $0.hasPrefix(layoutPrefix) }.map { String($0.dropFirst(layoutPrefix.count)) }
        if !layoutPaths.isEmpty { hash.combine(field: "layout " + layout.digest(of: layoutPaths)) }
        for name in names where !name.hasPrefix(layoutPrefix) {
            hash.combine(field: name)
            if name.hasPrefix(comparePrefix) {
                hash.combine(field: tokens.digest)
                continue
            }
            let prefix = name + "."
            let reached = tokens.set.tokens.filter { $0.name == name || $0.name.hasPrefix(prefix) }
            guard !reached.isEmpty else {
                hash.combine(field: tokens.digest)
                continue
            }
            for token in reached {
                hash.combine(field: token.name)
                hash.combine(field: token.type.rawValue)
                hash.combine(field: token.value.jsonValue.written(expandedLevels: 0))
                hash.combine(field: token.alias ?? "")
                hash.combine(field: token.description ?? "")
                hash.combine(field: token.japaneseDescription ?? "")
                hash.combine(field: token.deprecation.jsonValue.written())
            }
        }
        return hash.hex
    }
}
