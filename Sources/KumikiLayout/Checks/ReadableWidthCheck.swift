import KumikiLayoutLanguage

/// `text-wider-than-readable`: a label wider than the readable content guide.
enum ReadableWidthCheck {
    static func finding(_ view: ViewDeclaration, _ frame: Rect, _ environment: Environment) -> Finding? {
        let readable = environment.readable.width
        guard view.kind == .label, frame.width > readable + FrameGeometry.tolerance else { return nil }
        return Finding(
            kind: .textWiderThanReadable, views: [view.name], measurement: .widerThanReadable(width: frame.width, readable: readable),
            location: view.location)
    }
}
