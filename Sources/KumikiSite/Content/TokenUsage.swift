import Foundation
import KumikiLayoutLanguage
import KumikiSupport

/// Where a site's layout blocks name each design token: what `kumiki
/// tokens --format json` gives as each token's `usedBy`.
public struct TokenUsage: Sendable {
    /// A layout block that names a token: its page as diagnostics print
    /// it (`Content/page.md`) and its opening fence's line.
    public struct Use: Hashable, Sendable {
        public var path: String
        public var line: Int
    }

    /// The blocks naming each token, pages in path order, blocks in page
    /// order.
    public private(set) var uses: [String: [Use]] = [:]

    public init() {}

    /// The blocks of every page in `content` (found as the build finds
    /// blocks) and the tokens each names.
    public static func read(content: any SiteSource) -> TokenUsage {
        var usage = TokenUsage()
        let pages = content.entries(excluding: nil).filter { $0.kind == .file && $0.path.hasSuffix(".md") }.map(\.path).sorted()
        for path in pages {
            // Only a page that writes a brace can name a token.
            guard let data = content.contents(of: path), data.contains(UInt8(ascii: "{")) else { continue }
            let displayPath = content.displayPath(of: path)
            for block in FencedBlock.blocks(named: "layout", inPage: data, displayPath: displayPath).blocks {
                for name in LayoutLanguage.tokenPaths(in: block.text) {
                    usage.uses[name, default: []].append(Use(path: displayPath, line: block.start.line))
                }
            }
        }
        return usage
    }
}
