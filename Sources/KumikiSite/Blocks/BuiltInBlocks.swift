import KumikiLayout
import KumikiLayoutLanguage

/// The fenced-block kinds every site gets besides layout blocks: tables and
/// swatches Kumiki draws from its own data.
///
/// `SiteBuilder` adds these after the handlers it was given, so a handler
/// of the same name passed in by the caller takes precedence.
public enum BuiltInBlocks {
    /// `devices` (the catalog as a table), `materials` (material swatches)
    /// and `tokens` (a group of the site's design tokens; `nil` for a site
    /// whose `kumiki.yml` names no token files, where every `tokens` block
    /// is an error; `usage` says which layout blocks use each token).
    public static func handlers(catalog: DeviceCatalog, tokens: SiteTokens? = nil, usage: TokenUsage = TokenUsage()) -> [FencedBlockHandler] {
        [DevicesBlock.handler(catalog: catalog), MaterialsBlock.handler, TokensBlock.handler(tokens: tokens, usage: usage)]
    }
}
