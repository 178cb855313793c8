import Foundation
import KumikiSupport
import Yams

/// Where a site's design tokens come from: `tokens:` in `kumiki.yml`.
///
/// ```yaml
/// tokens:
///   files: [Tokens/core.tokens.json, Tokens/brand.tokens.json]   # merged in this order
///   rem: 16                                                      # points per rem
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
    /// Points per `rem`, for dimensions given in rem.
    public var remSize: Double = 16

    public init() {}

    static let keys = ["files", "resolver", "rem"]

    /// Reads the `tokens` entry; what cannot be read is reported where it
    /// is written and left out.
    static func read(_ entry: YAMLMapping.Entry, file: String, diagnostics: inout [Diagnostic]) -> TokenSources {
        var sources = TokenSources()
        guard case .mapping(let mapping) = entry.value else {
            diagnostics.append(.error("'tokens' holds 'files' (a list of token files) and 'rem'", at: entry.location))
            return sources
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let location = YAMLMapping.location(of: keyNode, file: file, firstLine: 1)
            switch key {
            case "files":
                sources.files = files(value, file: file, at: location, diagnostics: &diagnostics)
            case "rem":
                let valueLocation = YAMLMapping.location(of: value, file: file, firstLine: 1)
                if let number = value.float, number.isFinite, number > 0 {
                    sources.remSize = number
                } else {
                    diagnostics.append(.error("'tokens.rem' is the number of points in one rem, such as 16", at: valueLocation))
                }
            case "resolver":
                diagnostics.append(.error(
                    "'tokens.resolver' is not read by this version of Kumiki; list the token files under 'tokens.files'",
                    at: location))
            default:
                let hint = Suggestions.hint(for: key, among: keys)
                diagnostics.append(.error("unknown key '\(key)' in 'tokens'\(hint)", at: location))
            }
        }
        return sources
    }

    private static func files(_ node: Node, file: String, at location: SourceLocation,
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
            let itemLocation = YAMLMapping.location(of: item, file: file, firstLine: 1)
            guard case .scalar(let scalar) = item, !scalar.string.isEmpty else {
                diagnostics.append(.error("each item of 'tokens.files' is the path of one token file", at: itemLocation))
                continue
            }
            files.append(File(path: scalar.string, location: itemLocation))
        }
        return files
    }
}
