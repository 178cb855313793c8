import KumikiLayout
import KumikiLayoutLanguage
import KumikiSupport

/// The design tokens as a site's layout blocks read them: the token table
/// of each environment.
public struct LayoutBlockTokens: Sendable {
    /// The table every environment reads when no modifier follows a trait:
    /// the site's tokens with every modifier at its default.
    public var base: LayoutTokenTable
    /// A digest of everything the tables hold, for a store key.
    public var digest: String
    /// The colour token under every block's screen (`tokens.background`).
    public var background: String?

    public init(base: LayoutTokenTable = .empty, digest: String = "", background: String? = nil) {
        self.base = base
        self.digest = digest + (background.map { " background " + $0 } ?? "")
        self.background = background
    }

    /// A block's colours and type in each environment it is solved in.
    public func styles(of program: LayoutProgram) -> BlockStyles {
        guard !program.styleLines.isEmpty || background != nil else { return .none }
        let style = BlockStyle(program, tokens: base, background: background)
        return BlockStyles { _ in style }
    }

    /// A site without tokens.
    public static let none = LayoutBlockTokens()
}

extension SiteTokens {
    /// The tokens as layout blocks read them.
    public var layoutTokens: LayoutBlockTokens {
        LayoutBlockTokens(base: LayoutTokenTable(set, remSize: remSize), digest: digest, background: background)
    }
}
