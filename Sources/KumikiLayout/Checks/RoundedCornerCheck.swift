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
        let corners: [(cx: Double, cy: Double, sx: Double, sy: Double)] = [
            (screen.minX + radius, screen.minY + radius, -1, -1),
            (screen.maxX - radius, screen.minY + radius, 1, -1),
            (screen.minX + radius, screen.maxY - radius, -1, 1),
            (screen.maxX - radius, screen.maxY - radius, 1, 1),
        ]
        for corner in corners {
            // The part of the frame inside the corner's square.
            let squareMinX = corner.sx < 0 ? screen.minX : corner.cx
            let squareMaxX = corner.sx < 0 ? corner.cx : screen.maxX
            let squareMinY = corner.sy < 0 ? screen.minY : corner.cy
            let squareMaxY = corner.sy < 0 ? corner.cy : screen.maxY
            let x0 = max(frame.minX, squareMinX), x1 = min(frame.maxX, squareMaxX)
            let y0 = max(frame.minY, squareMinY), y1 = min(frame.maxY, squareMaxY)
            guard x1 - x0 > FrameGeometry.tolerance, y1 - y0 > FrameGeometry.tolerance else { continue }
            // Its point farthest from the arc's centre, towards the corner.
            let px = corner.sx < 0 ? x0 : x1
            let py = corner.sy < 0 ? y0 : y1
            let dx = px - corner.cx, dy = py - corner.cy
            if (dx * dx + dy * dy).squareRoot() > radius + 0.5 { return true }
        }
        return false
    }
}
