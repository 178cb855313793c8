import KumikiLayoutLanguage
import KumikiSupport

/// `low-contrast`: a label's or control's text colour against what lies
/// beneath it, below WCAG 2's minimum (success criterion 1.4.3) in light or
/// in dark appearance.
///
/// What lies beneath is composited from the bottom up, as it is drawn: the
/// screen (white in light appearance, black in dark, as the diagrams draw
/// it), the site's background token over it (`tokens.background`), then
/// every earlier view whose frame holds this one's and that has a `fill`,
/// in declaration order, and last the view's own `fill`; each colour with
/// alpha is painted at its alpha over the one before, and the text colour
/// over the result. So a view with an opaque fill is measured against its
/// fill alone, and a label without one against the view it lies on.
///
/// The ratio is compared at full precision: 4.499:1 fails the 4.5:1 that
/// text smaller than 18 pt (14 pt at a weight of 700 or more) needs; larger
/// text needs 3:1. The size is the view's font at the environment's text
/// size. A view without a `textColor` is not checked.
enum LowContrastCheck {
    static func findings(declarations: [ViewDeclaration?], frames: [Rect], style: BlockStyle, textSize: TextSize) -> [Finding] {
        guard !style.views.isEmpty else { return [] }
        var result: [Finding] = []
        for (index, declaration) in declarations.enumerated() {
            guard let view = declaration, view.kind.carriesContent, let text = style.views[view.name]?.textColor else { continue }
            let font = style.font(of: view.name).sized(at: textSize)
            let minimum = MinimumContrast.required(pointSize: font.pointSize, weight: font.weight)
            for appearance in Appearance.allCases {
                let ground = self.ground(under: index, declarations: declarations, frames: frames, style: style, appearance)
                let ratio = RGB.contrastRatio(text[appearance].over(ground), ground)
                guard ratio < minimum else { continue }
                result.append(Finding(
                    kind: .lowContrast, views: [view.name],
                    measurement: .contrast(ratio: ratio, minimum: minimum, appearance: appearance), location: view.location))
            }
        }
        return result
    }

    /// The colour under the text of the view at `index`, in `appearance`.
    static func ground(
        under index: Int, declarations: [ViewDeclaration?], frames: [Rect], style: BlockStyle, _ appearance: Appearance
    ) -> RGB {
        var ground = BlockStyle.screen[appearance].rgb
        if let background = style.background { ground = background[appearance].over(ground) }
        let frame = frames[index]
        for below in 0..<index {
            guard let view = declarations[below], let fill = style.views[view.name]?.fill,
                  FrameGeometry.contains(frames[below], frame) else { continue }
            ground = fill[appearance].over(ground)
        }
        if let view = declarations[index], let fill = style.views[view.name]?.fill {
            ground = fill[appearance].over(ground)
        }
        return ground
    }
}
