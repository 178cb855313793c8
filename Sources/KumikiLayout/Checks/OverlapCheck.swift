import KumikiLayoutLanguage

/// `overlap`: two views sharing an area, each pair once, in declaration order.
///
/// A view lying wholly inside a backdrop (view, image, card, sheet) is
/// layered on it on purpose; anything else sharing an area is an overlap:
/// two controls, text on text, or a view only partly over a backdrop. The
/// pairs grow with the square of the views, and every finding is numbered,
/// drawn and listed: past `LayoutLimits.maximumOverlapsPerEnvironment` the
/// rest are left out, a block that crowded is unreadable anyway.
enum OverlapCheck {
    static func findings(_ shown: [(view: ViewDeclaration, frame: Rect)]) -> [Finding] {
        var result: [Finding] = []
        pairs: for i in shown.indices {
            let (a, fa) = shown[i]
            for j in (i + 1)..<shown.count {
                let fb = shown[j].frame
                guard FrameGeometry.intersects(fa, fb) else { continue }
                let b = shown[j].view
                if (a.kind.isBackdrop && FrameGeometry.contains(fa, fb)) || (b.kind.isBackdrop && FrameGeometry.contains(fb, fa)) { continue }
                guard result.count < LayoutLimits.maximumOverlapsPerEnvironment else { break pairs }
                result.append(Finding(kind: .overlap, views: [a.name, b.name], location: a.location))
            }
        }
        return result
    }
}
