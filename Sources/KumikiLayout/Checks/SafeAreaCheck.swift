import KumikiLayoutLanguage

/// `outside-safe-area`: an interactive view not wholly inside the safe area.
enum SafeAreaCheck {
    static func finding(_ view: ViewDeclaration, _ frame: Rect, _ environment: Environment) -> Finding? {
        guard !FrameGeometry.contains(environment.safeArea, frame) else { return nil }
        return Finding(kind: .outsideSafeArea, views: [view.name], location: view.location)
    }
}
