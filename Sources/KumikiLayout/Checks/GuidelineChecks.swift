import KumikiLayoutLanguage
import KumikiSupport

/// The guideline checks run on every solved environment, in the order
/// their findings are listed: per view, the touch target, the safe area,
/// the home indicator, the sensor housing, the rounded corners, the
/// screen's edges and the readable width; then the overlaps between views.
/// (`LabelTexts.truncations` adds the truncated texts after these.)
///
/// A check reports what it found as data (`Finding`); the words are
/// written where findings are shown.
enum GuidelineChecks {
    /// The findings for the shown views, given as their declarations and
    /// frames in declaration order.
    static func findings(declarations: [ViewDeclaration?], frames: [Rect], environment: Environment) -> [Finding] {
        var result: [Finding] = []
        // Where a view is, as it is drawn: a negative width or height
        // spans to the left of (or above) its origin. The touch target and
        // the readable width are checked on the size as solved, so a
        // negative one is reported, not taken for its magnitude.
        let drawn = frames.map(\.standardized)
        for (index, (declaration, solved)) in zip(declarations, frames).enumerated() {
            guard let view = declaration else { continue }
            let frame = drawn[index]
            if view.kind.isInteractive {
                if let finding = TouchTargetCheck.finding(view, solved) { result.append(finding) }
                if let finding = SafeAreaCheck.finding(view, frame, environment) { result.append(finding) }
            }
            // What the hardware hides or clips matters for text and controls;
            // a backdrop (a full-bleed picture, a plain area) may run under it.
            if view.kind.carriesContent {
                if let finding = HomeIndicatorCheck.finding(view, frame, environment) { result.append(finding) }
                if let finding = SensorHousingCheck.finding(view, frame, environment) { result.append(finding) }
                if let finding = RoundedCornerCheck.finding(view, frame, environment) { result.append(finding) }
            }
            if let finding = OffScreenCheck.finding(view, frame, environment) { result.append(finding) }
            if let finding = ReadableWidthCheck.finding(view, solved, environment) { result.append(finding) }
        }
        result += OverlapCheck.findings(declarations: declarations, frames: drawn)
        return result
    }
}

/// Small differences (under 0.01 pt) are rounding, not findings.
enum FrameGeometry {
    static let tolerance = 0.01

    /// `outer` holds `inner`, give or take the tolerance.
    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - tolerance && inner.minY >= outer.minY - tolerance
            && inner.maxX <= outer.maxX + tolerance && inner.maxY <= outer.maxY + tolerance
    }

    /// The two rectangles share an area (touching edges do not count).
    static func intersects(_ a: Rect, _ b: Rect) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > tolerance && min(a.maxY, b.maxY) - max(a.minY, b.minY) > tolerance
    }
}
