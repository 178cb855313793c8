import KumikiSupport

/// A guideline check that failed in one environment.
public struct Finding: Hashable, Sendable {
    /// What kind of problem this is; the raw value is the name the JSON
    /// output and the documentation use.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Codable {
        /// An interactive view (button, field, toggle, control) smaller than
        /// 44 × 44 pt.
        case touchTarget = "touch-target"
        /// An interactive view not entirely inside the safe area.
        case outsideSafeArea = "outside-safe-area"
        /// An interactive view in the home indicator's band (the screen's full width
        /// from 8 pt above the indicator to the bottom edge), or a label
        /// the indicator itself is drawn over.
        case underHomeIndicator = "under-home-indicator"
        /// A label or interactive view overlapping the notch or Dynamic Island.
        case underSensorHousing = "under-sensor-housing"
        /// A label or interactive view reaching into the part of a screen corner the
        /// display's rounding clips away.
        case inRoundedCorner = "in-rounded-corner"
        /// A view partly or wholly outside the screen.
        case offScreen = "off-screen"
        /// A label wider than the readable content guide.
        case textWiderThanReadable = "text-wider-than-readable"
        /// A label whose text does not fit: one line narrower than its text,
        /// or a wrapping label whose text needs more lines at its width than
        /// its `lines` limit or its height allows.
        case truncatedText = "truncated-text"
        /// Two views overlapping, unless one lies wholly inside the other
        /// and that other is a backdrop (view, image, card, sheet).
        case overlap
        /// A label's or control's text colour with too little contrast
        /// against what lies beneath it, in light or in dark appearance:
        /// under 4.5:1, or 3:1 for large text (WCAG 2).
        case lowContrast = "low-contrast"
    }

    /// What a check measured, for the words a presentation layer writes
    /// (`FindingText` in KumikiDiagram): the numbers a finding reports.
    public enum Measurement: Hashable, Sendable {
        /// Nothing beyond the kind and the views.
        case none
        /// `touch-target`: the view's size.
        case size(width: Double, height: Double)
        /// `under-home-indicator`: true for a control in the band a swipe
        /// takes, false for text the indicator is drawn over.
        case inSwipeBand(Bool)
        /// `off-screen`: the view's frame and the screen's size.
        case offScreen(frame: Rect, screenWidth: Double, screenHeight: Double)
        /// `text-wider-than-readable`: the label's width and the readable width.
        case widerThanReadable(width: Double, readable: Double)
        /// `truncated-text` on one line: the label's width and the width its text needs.
        case oneLineShortfall(width: Double, needed: Double)
        /// `truncated-text` when wrapping: the label's width, the lines its
        /// text needs there, and the lines it shows.
        case lineShortfall(width: Double, needed: Int, shown: Int)
        /// `truncated-text` when wrapping at a width narrower than one of
        /// the text's characters: the label's width and that character's.
        case characterWiderThanLabel(width: Double, character: Double)
        /// `low-contrast`: the WCAG 2 contrast ratio measured, at full
        /// precision; the minimum the text's size needs (4.5 or 3); and
        /// the appearance it was measured in.
        case contrast(ratio: Double, minimum: Double, appearance: Appearance)
    }

    public var kind: Kind
    /// The views concerned, in declaration order.
    public var views: [String]
    public var measurement: Measurement
    /// Where the first view is declared.
    public var location: SourceLocation

    public init(kind: Kind, views: [String], measurement: Measurement = .none, location: SourceLocation) {
        self.kind = kind
        self.views = views
        self.measurement = measurement
        self.location = location
    }
}

extension Finding.Kind {
    /// The kind as a diagnostic code of the `finding` family
    /// (`finding.touch-target`): what scripts and editors key on.
    public var code: DiagnosticCode { .code(.finding, naming: self) }
}
