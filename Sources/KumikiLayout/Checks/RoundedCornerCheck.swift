import KumikiLayoutLanguage

/// `in-rounded-corner`: text or a control reaching into the part of a
/// screen corner the display's rounding clips away.
enum RoundedCornerCheck {
    static func finding(_ view: ViewDeclaration, _ frame: Rect, _ environment: Environment) -> Finding? {
        guard inRoundedCorner(frame, screen: environment.screen, radius: environment.cornerRadius) else { return nil }
        return Finding(kind: .inRoundedCorner, views: [view.name], location: view.location)
    }

    /// Whether `frame` reaches into the region a corner of radius `radius`
    /// clips: inside the corner's r × r square but farther than r from the
    /// arc's centre. (Apple's corners are continuous curves, slightly
    /// fuller than a circular arc; the arc is the conservative model.)
    static func inRoundedCorner(_ frame: Rect, screen: Rect, radius: Double) -> Bool {
        guard radius > 0 else { return false }
        // Most frames stay clear of the corner columns or of the corner
        // rows, and so of every corner square (the test below skips a
        // corner for the same reason).
        let tolerance = FrameGeometry.tolerance
        if frame.minX >= screen.minX + radius - tolerance && frame.maxX <= screen.maxX - radius + tolerance { return false }
        if frame.minY >= screen.minY + radius - tolerance && frame.maxY <= screen.maxY - radius + tolerance { return false }
        // The four corners, as the sign of their direction from the arc's
        // centre: (−1, −1) is the top left.
        for (sx, sy) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
            let cx = sx < 0 ? screen.minX + radius : screen.maxX - radius
            let cy = sy < 0 ? screen.minY + radius : screen.maxY - radius
            // The part of the frame inside the corner's square.
            let x0 = max(frame.minX, sx < 0 ? screen.minX : cx), x1 = min(frame.maxX, sx < 0 ? cx : screen.maxX)
            let y0 = max(frame.minY, sy < 0 ? screen.minY : cy), y1 = min(frame.maxY, sy < 0 ? cy : screen.maxY)
            guard x1 - x0 > FrameGeometry.tolerance, y1 - y0 > FrameGeometry.tolerance else { continue }
            // Its point farthest from the arc's centre, towards the corner.
            let dx = (sx < 0 ? x0 : x1) - cx, dy = (sy < 0 ? y0 : y1) - cy
            if (dx * dx + dy * dy).squareRoot() > radius + 0.5 { return true }
        }
        return false
    }
}
