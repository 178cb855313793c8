import KumikiLayoutLanguage

/// `off-screen`: a view partly or wholly outside the screen.
enum OffScreenCheck {
    static func finding(_ view: ViewDeclaration, _ frame: Rect, _ environment: Environment) -> Finding? {
        let screen = environment.screen
        guard !FrameGeometry.contains(screen, frame) else { return nil }
        return Finding(
            kind: .offScreen, views: [view.name],
            measurement: .offScreen(frame: frame, screenWidth: screen.width, screenHeight: screen.height), location: view.location)
    }
}
