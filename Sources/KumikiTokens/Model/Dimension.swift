/// A `dimension` value: a number and `px` or `rem`, kept as written.
public struct Dimension: Hashable, Sendable {
    public enum Unit: String, CaseIterable, Hashable, Sendable {
        case px, rem
    }

    public var value: Double
    public var unit: Unit

    public init(value: Double, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// The length in points (CSS pixels, one point each), a `rem` being
    /// `remSize` points.
    ///
    /// - Parameter remSize: The root font size in points; 16 as browsers
    ///   have it unless told otherwise.
    /// - Returns: `value` for `px`, `value × remSize` for `rem`.
    public func points(remSize: Double = 16) -> Double {
        switch unit {
        case .px: value
        case .rem: value * remSize
        }
    }
}

/// A `duration` value: a number and `ms` or `s`, kept as written.
public struct Duration: Hashable, Sendable {
    public enum Unit: String, CaseIterable, Hashable, Sendable {
        case ms, s
    }

    public var value: Double
    public var unit: Unit

    public init(value: Double, unit: Unit) {
        self.value = value
        self.unit = unit
    }

    /// The duration in milliseconds.
    public var milliseconds: Double {
        switch unit {
        case .ms: value
        case .s: value * 1000
        }
    }
}
