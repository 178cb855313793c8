/// Auto Layout priorities as a block writes them.
///
/// A priority is an integer from 1 to 1000; 1000 is required. The words
/// `@required` (1000), `@high` (750) and `@low` (250) are UIKit's
/// `.required`, `.defaultHigh` and `.defaultLow`.
public enum LayoutPriority {
    public static let required = 1000
    public static let high = 750
    public static let low = 250
    /// UIKit's default content hugging priority, for the views with an
    /// intrinsic size whose block does not set one (`title.hugging = 251`).
    public static let hugging = 250
    /// UIKit's default compression resistance priority, likewise
    /// (`title.compressionResistance = 760`).
    public static let compressionResistance = 750

    /// The named priorities, by the word written after `@`.
    package static let named: [String: Int] = ["required": required, "high": high, "low": low]
}
