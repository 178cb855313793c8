/// The bounds on a page, documented in the language reference
/// (`Content/writing-layout-blocks.md`) and the README.
///
/// Real pages stay far below them; they exist so that no file, however it
/// was made, can exhaust the stack, the memory or the patience of a build.
public enum MarkdownLimits {
    /// How deeply blocks and inline markup may nest: block quotes, list
    /// items, emphasis and links, counted together from the page's top
    /// level. The bundled pages nest at most five levels.
    public static let maximumNestingDepth = 100

    /// The largest page, in bytes (1 MiB). The bundled pages are under 60 KB.
    public static let maximumPageBytes = 1_048_576

    static var nestingMessage: String {
        "this block is nested more than \(maximumNestingDepth) levels deep (block quotes, lists and emphasis counted together); "
            + "the part past that depth is left out"
    }

    /// Why a file of `bytes` bytes is not read as a page.
    public static func pageSizeMessage(bytes: Int) -> String {
        "the page is \(bytes) bytes; a page may have at most \(maximumPageBytes) bytes (1 MiB), so split it into several pages"
    }
}
