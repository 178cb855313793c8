import KumikiLayoutLanguage

/// The cut-out at the top of the display that holds the front camera and
/// sensors: none, a notch, or the Dynamic Island.
public struct SensorHousing: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case none
        case notch
        case island
    }

    public var kind: Kind
    /// The bounding box in portrait, origin at the top-left of the screen;
    /// `nil` when ``kind`` is ``Kind/none``. The notch's ears and fillets are
    /// not modelled.
    public var portraitRect: Rect?

    public init(kind: Kind, portraitRect: Rect?) {
        self.kind = kind
        self.portraitRect = kind == .none ? nil : portraitRect
    }

    public static let none = SensorHousing(kind: .none, portraitRect: nil)

    /// The corner radius to draw the housing with: a capsule for the
    /// Dynamic Island, 20 pt for a notch (ESP).
    public var cornerRadius: Double {
        switch kind {
        case .none: 0
        case .notch: 20
        case .island: (portraitRect.map { min($0.width, $0.height) } ?? 0) / 2
        }
    }

    /// The housing's rectangle in `orientation` on a screen whose portrait
    /// size is `portraitWidth` × `portraitHeight`.
    ///
    /// Landscape right turns the device so its top edge is on the left:
    /// a portrait point (x, y) lands at (y, portraitWidth − x). Landscape
    /// left mirrors that horizontally.
    public func rect(in orientation: Orientation, portraitWidth: Double, portraitHeight: Double) -> Rect? {
        guard let r = portraitRect else { return nil }
        let right = Rect(x: r.y, y: portraitWidth - r.x - r.width, width: r.height, height: r.width)
        switch orientation {
        case .portrait: return r
        case .landscapeRight: return right
        case .landscapeLeft:
            return Rect(x: portraitHeight - right.x - right.width, y: right.y, width: right.width, height: right.height)
        }
    }
}
