import KumikiLayout
import KumikiLayoutLanguage

/// The fenced-block kinds every site gets besides layout blocks: tables and
/// swatches Kumiki draws from its own data.
///
/// `SiteBuilder` adds these after the handlers it was given, so a handler
/// of the same name passed in by the caller takes precedence.
public enum BuiltInBlocks {
    /// `devices` (the catalog as a table) and `materials` (material swatches).
    public static func handlers(catalog: DeviceCatalog) -> [FencedBlockHandler] {
        [DevicesBlock.handler(catalog: catalog), MaterialsBlock.handler]
    }
}
