import KumikiLayoutLanguage

/// A UIKit size class: how much room one axis offers.
public enum SizeClass: String, Hashable, Sendable, Codable, CaseIterable {
    case compact
    case regular
}

/// The horizontal and vertical size classes of a window.
///
/// The rules Kumiki applies (and tests for every catalog entry):
/// - iPhones are compact width, regular height in portrait. In landscape
///   they are compact height, and regular width only on the wide phones
///   (portrait width ≥ 414 pt: Plus, Max, XR / 11); see ``Device/hasRegularWidthInLandscape``.
/// - iPads are regular in both axes in full screen. In Split View and Slide
///   Over the width class comes from the window width (compact below 678 pt,
///   regular from 678 pt) and the height class stays regular.
public struct SizeClasses: Hashable, Sendable, Codable, CustomStringConvertible {
    public var horizontal: SizeClass
    public var vertical: SizeClass

    public init(horizontal: SizeClass, vertical: SizeClass) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// `compact/regular` (width first, as the HIG tables read).
    public var description: String { "\(horizontal.rawValue)/\(vertical.rawValue)" }
}
