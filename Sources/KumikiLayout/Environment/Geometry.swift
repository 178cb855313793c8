import KumikiLayoutLanguage
import KumikiSupport

/// A rectangle in points, with its origin at the top-left corner of the
/// screen in the current orientation.
///
/// Every rectangle an ``Environment`` reports (window, safe area, margins,
/// sensor housing, home indicator) shares this one coordinate space, so a
/// diagram can draw them all on the same canvas.
public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// The same area with a width and height that are not negative: a
    /// negative size spans to the left of (above) the origin.
    public var standardized: Rect {
        Rect(x: min(x, x + width), y: min(y, y + height), width: abs(width), height: abs(height))
    }

    /// The rectangle shrunk by `insets` on each side (never to a negative size).
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: x + insets.left, y: y + insets.top,
            width: max(0, width - insets.left - insets.right),
            height: max(0, height - insets.top - insets.bottom))
    }

    /// The part both rectangles cover; a zero-size rectangle at the nearest
    /// corner when they do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX)
        let top = max(minY, other.minY)
        let right = max(left, min(maxX, other.maxX))
        let bottom = max(top, min(maxY, other.maxY))
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether `other` lies wholly inside this rectangle (edges may touch).
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX - Rect.tolerance && other.minY >= minY - Rect.tolerance
            && other.maxX <= maxX + Rect.tolerance && other.maxY <= maxY + Rect.tolerance
    }

    /// The distances from each edge of `inner` to the same edge of this rectangle.
    public func insets(of inner: Rect) -> EdgeInsets {
        EdgeInsets(
            top: inner.minY - minY, left: inner.minX - minX,
            bottom: maxY - inner.maxY, right: maxX - inner.maxX)
    }

    /// Comparisons of derived geometry allow for floating-point rounding.
    static let tolerance = 1e-9

    /// `(x, y, width × height)` with points formatted as in the catalog.
    public var description: String {
        "(\(formatPoints(x)), \(formatPoints(y)), \(formatPoints(width))×\(formatPoints(height)))"
    }
}

/// Distances in points from the edges of a rectangle, as UIKit's
/// `UIEdgeInsets` (`left`/`right` are physical sides, not leading/trailing).
public struct EdgeInsets: Hashable, Sendable, Codable, CustomStringConvertible {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = EdgeInsets()

    /// The insets with left and right exchanged (a horizontal mirror).
    public var mirrored: EdgeInsets { EdgeInsets(top: top, left: right, bottom: bottom, right: left) }

    /// `top/left/bottom/right`, e.g. `44/0/34/0`.
    public var description: String {
        [top, left, bottom, right].map(formatPoints).joined(separator: "/")
    }
}

/// A point value as Kumiki prints it everywhere: integers without a decimal
/// point, other values rounded to at most two decimals (`47.33`, `561.5`).
///
/// One formatter keeps tables, JSON and diagrams byte-identical across runs
/// and platforms.
public func formatPoints(_ value: Double) -> String {
    DecimalText.format(value, fractionDigits: 2)
}
