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

    public init(base: LayoutTokenTable = .empty, digest: String = "") {
        self.base = base
        self.digest = digest
    }

    /// A site without tokens.
    public static let none = LayoutBlockTokens()
}

extension SiteTokens {
    /// The tokens as layout blocks read them.
    public var layoutTokens: LayoutBlockTokens {
        LayoutBlockTokens(base: LayoutTokenTable(set, remSize: remSize), digest: digest)
    }
}
