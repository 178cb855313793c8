import Foundation
import KumikiSupport
import Yams

/// Where a site's design tokens come from: `tokens:` in `kumiki.yml`.
///
/// ```yaml
/// tokens:
///   files: [Tokens/core.tokens.json, Tokens/brand.tokens.json]   # merged in this order
///   # or, instead of files, a resolver (2025.10 Resolver module) that names its sources:
///   resolver: Tokens/site.resolver.json
///   rem: 16                                                      # points per rem
///   modes:                   # with a resolver: a modifier follows an environment trait
///     theme: appearance      # light, dark
///     size: width            # compact, regular (also: height, textSize)
///   background: color.background     # the screen's colour under layout blocks' views
/// ```
///
/// Paths are relative to the folder of `kumiki.yml`. A site without the key
/// has no tokens.
public struct TokenSources: Sendable, Hashable {
    /// A token file named in `kumiki.yml`, and where it is named.
    public struct File: Sendable, Hashable {
        public var path: String
        public var location: SourceLocation
    }

    /// The token files, merged in this order.
    public var files: [File] = []
    /// The resolver document, which names the token files itself; never
    /// given with `files`.
    public var resolver: File?
    /// Points per `rem`, for dimensions given in rem.
    public var remSize: Double = 16
    /// The resolver's modifiers that follow an environment trait, in the
    /// order written; the others take their defaults.
    public var modes: [ModeBinding] = []
    /// `background`: the colour token a layout block's screen is filled
    /// with, what the `low-contrast` check measures text without a fill
    /// under it against; nil when the site names none.
    public var background: Background?

    /// The background token's dotted path, and where it is named.
    public struct Background: Sendable, Hashable {
        public var token: String
        public var location: SourceLocation
    }

    public init() {}

    static let keys = ["files", "resolver", "rem", "modes", "background"]

    /// Whether `kumiki.yml` names any tokens.
    public var isEmpty: Bool { files.isEmpty && resolver == nil }

    /// Reads the `tokens` entry; what cannot be read is reported where it
    /// is written and left out.
    static func read(_ entry: YAMLMapping.Entry, places: YAMLPlaces, diagnostics: inout [Diagnostic]) -> TokenSources {
        var sources = TokenSources()
        guard case .mapping(let mapping) = entry.value else {
            diagnostics.append(.error("'tokens' holds 'files' (a list of token files) or 'resolver', and 'rem'", at: entry.location))
            return sources
        }
        // The first of 'files' and 'resolver' stands; the second is the error.
        var named: String?
        var modes: SourceLocation?
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let location = places.location(of: keyNode)
            switch key {
            case "files", "resolver":
                if let first = named {
                    diagnostics.append(.error(
                        "'tokens' takes 'files' or 'resolver', not both: a resolver names its own token files; remove '\(first)' or '\(key)'",
                        at: location))
                    continue
                }
                named = key
                if key == "files" {
                    sources.files = files(value, places: places, at: location, diagnostics: &diagnostics)
                } else if case .scalar(let scalar) = value, !scalar.string.isEmpty {
                    sources.resolver = File(path: scalar.string, location: places.location(of: value))
                } else {
                    diagnostics.append(.error("'tokens.resolver' is the path of one resolver document, such as Tokens/site.resolver.json",
                                              at: location))
                }
            case "modes":
                modes = location
                sources.modes = bindings(value, places: places, at: location, diagnostics: &diagnostics)
            case "background":
                let valueLocation = places.location(of: value)
                if case .scalar(let scalar) = value, !scalar.string.isEmpty {
                    // `{color.background}` reads as the path between the braces.
                    var path = Substring(scalar.string)
                    if path.hasPrefix("{") && path.hasSuffix("}") { path = path.dropFirst().dropLast() }
                    sources.background = Background(token: String(path), location: valueLocation)
                } else {
                    diagnostics.append(.error("'tokens.background' is the dotted path of one colour token, such as color.background",
                                              at: valueLocation))
                }
            case "rem":
                let valueLocation = places.location(of: value)
                // Bounded, so a rem token is never shown as "inf pt" or "0 pt".
                if let number = value.float, (0.1...1000).contains(number) {
                    sources.remSize = number
                } else {
                    diagnostics.append(.error("'tokens.rem' is the number of points in one rem, from 0.1 to 1000, such as 16",
                                              at: valueLocation))
                }
            default:
                let hint = Suggestions.hint(for: key, among: keys)
                diagnostics.append(Diagnostic.error("unknown key '\(key)' in 'tokens'\(hint)", at: location,
                                                    code: .unknownConfigurationKey)
                    .spanning(key.count, replacements: Suggestions.closest(to: key, among: keys)))
            }
        }
        if let modes, sources.resolver == nil {
            diagnostics.append(.error(
                "'tokens.modes' binds modifiers of a resolver, and with 'tokens.files' there are none; name a resolver under 'tokens.resolver'",
                at: modes))
            sources.modes = []
        }
        return sources
    }

    /// `modifier: trait` lines; a trait that is not one, or a modifier
    /// bound twice, is an error at its line.
    private static func bindings(_ node: Node, places: YAMLPlaces, at location: SourceLocation,
                                 diagnostics: inout [Diagnostic]) -> [ModeBinding] {
        let traits = ModeTrait.allCases.map(\.rawValue)
        guard case .mapping(let mapping) = node else {
            diagnostics.append(.error(
                "'tokens.modes' maps each modifier to the trait it follows: \(traits.joined(separator: ", ")), such as 'size: width'",
                at: location))
            return []
        }
        var bindings: [ModeBinding] = []
        for (keyNode, value) in mapping {
            let modifier = keyNode.string ?? ""
            let keyLocation = places.location(of: keyNode)
            let word = value.string ?? ""
            guard let trait = ModeTrait(rawValue: word) else {
                diagnostics.append(.error(
                    "'\(word)' is not a trait a modifier can follow; write one of \(traits.joined(separator: ", "))"
                        + Suggestions.hint(for: word, among: traits),
                    at: places.location(of: value)))
                continue
            }
            if let earlier = bindings.first(where: { $0.modifier == modifier }) {
                diagnostics.append(.error("'\(modifier)' already follows '\(earlier.trait.rawValue)' on line \(earlier.location.line)",
                                          at: keyLocation))
                continue
            }
            if let earlier = bindings.first(where: { $0.trait == trait }) {
                diagnostics.append(.error("'\(trait.rawValue)' is already followed by '\(earlier.modifier)' on line \(earlier.location.line)",
                                          at: keyLocation))
                continue
            }
            bindings.append(ModeBinding(modifier: modifier, trait: trait, location: keyLocation))
        }
        return bindings
    }

    private static func files(_ node: Node, places: YAMLPlaces, at location: SourceLocation,
                              diagnostics: inout [Diagnostic]) -> [File] {
        let items: [Node]
        switch node {
        case .sequence(let sequence): items = Array(sequence)
        case .scalar(let scalar) where !scalar.string.isEmpty: items = [node]
        default:
            diagnostics.append(.error("'tokens.files' must be a list of token files, such as [Tokens/core.tokens.json]", at: location))
            return []
        }
        var files: [File] = []
        for item in items {
            let itemLocation = places.location(of: item)
            guard case .scalar(let scalar) = item, !scalar.string.isEmpty else {
                diagnostics.append(.error("each item of 'tokens.files' is the path of one token file", at: itemLocation))
                continue
            }
            files.append(File(path: scalar.string, location: itemLocation))
        }
        return files
    }
}
