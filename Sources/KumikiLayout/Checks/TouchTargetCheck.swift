import KumikiLayoutLanguage

/// `touch-target`: an interactive view smaller than 44 × 44 pt.
enum TouchTargetCheck {
    static let minimumTouchTarget = 44.0

    static func finding(_ view: ViewDeclaration, _ frame: Rect) -> Finding? {
        let tolerance = FrameGeometry.tolerance
        guard frame.width < minimumTouchTarget - tolerance || frame.height < minimumTouchTarget - tolerance else { return nil }
        return Finding(kind: .touchTarget, views: [view.name], measurement: .size(width: frame.width, height: frame.height),
                       location: view.location)
    }
}

extension Finding {
    /// The smallest width and height of a control people tap, in points:
    /// what `touch-target` checks, and what a fix raises a size to.
    public static let minimumTouchTarget = TouchTargetCheck.minimumTouchTarget
}
