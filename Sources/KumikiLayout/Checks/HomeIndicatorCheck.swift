import KumikiLayoutLanguage

/// `under-home-indicator`: a control in the band where a swipe goes home
/// (the screen's width, from 8 pt above the indicator to the bottom edge),
/// or text the indicator is drawn over.
enum HomeIndicatorCheck {
    static func finding(_ view: ViewDeclaration, _ frame: Rect, _ environment: Environment) -> Finding? {
        guard let indicator = environment.homeIndicator else { return nil }
        if view.kind.isInteractive {
            // A control near the indicator loses its taps to the home
            // gesture: the whole band from 8 pt above it counts.
            let band = Rect(x: environment.screen.x, y: indicator.y - 8, width: environment.screen.width,
                            height: environment.screen.maxY - (indicator.y - 8))
            guard FrameGeometry.intersects(band, frame) else { return nil }
            return Finding(kind: .underHomeIndicator, views: [view.name], measurement: .inSwipeBand(true), location: view.location)
        }
        // Text is only lost where the indicator is drawn over it.
        guard FrameGeometry.intersects(indicator, frame) else { return nil }
        return Finding(kind: .underHomeIndicator, views: [view.name], measurement: .inSwipeBand(false), location: view.location)
    }
}
