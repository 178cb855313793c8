/// A Dynamic Type text style, and the size it takes at each text size.
///
/// The sizes are those of the HIG's Dynamic Type table for iOS, in points,
/// from xSmall to AX5 (``TextSize``); ``body`` is the row
/// `TextSize.bodyPointSize` gives. A typography token names the style it
/// follows in `$extensions` (`{"org.kumiki": {"textStyle": "body"}}`) by
/// the raw values below; at another text size its font size scales as the
/// style's does (``scale(at:)``).
public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    case largeTitle
    case title1
    case title2
    case title3
    case headline
    case body
    case callout
    case subheadline
    case footnote
    case caption1
    case caption2

    /// Each style's size in points at each text size, xSmall … AX5, in
    /// the order of `allCases`.
    private static let table: [[Double]] = [
        [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],  // largeTitle
        [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],  // title1
        [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],  // title2
        [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],  // title3
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // headline
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // body
        [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],  // callout
        [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],  // subheadline
        [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],  // footnote
        [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],  // caption1
        [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41],  // caption2
    ]

    /// The style's size in points at `textSize`.
    public func pointSize(at textSize: TextSize) -> Double {
        Self.table[Self.allCases.firstIndex(of: self) ?? 5][TextSize.allCases.firstIndex(of: textSize) ?? 3]
    }
}
