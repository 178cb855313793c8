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
    /// - Parameters:
    ///   - declarations: the views in declaration order, nil for one not shown.
    ///   - frames: their frames, in the same order.
    static func findings(declarations: [ViewDeclaration?], frames: [Rect]) -> [Finding] {
        var result: [Finding] = []
        let count = min(declarations.count, frames.count)
        pairs: for i in 0..<count {
            guard let a = declarations[i] else { continue }
            let fa = frames[i]
            for j in (i + 1)..<count {
                let fb = frames[j]
                // Frames first: most pairs do not meet, and their
                // declarations need not be read.
                guard FrameGeometry.intersects(fa, fb), let b = declarations[j] else { continue }
                if (a.kind.isBackdrop && FrameGeometry.contains(fa, fb)) || (b.kind.isBackdrop && FrameGeometry.contains(fb, fa)) { continue }
                guard result.count < LayoutLimits.maximumOverlapsPerEnvironment else { break pairs }
                result.append(Finding(kind: .overlap, views: [a.name, b.name], location: a.location))
            }
        }
        return result
    }
}
