import KumikiLayoutLanguage
import KumikiSupport

extension BlockStyle {
    /// The block's `fill`, `textColor` and `font` lines resolved with one
    /// environment's token table, and the screen's background token.
    ///
    /// A line whose token is missing or of another type is left out: the
    /// front end has already reported it (a block with errors is not
    /// solved), so this only meets such a line when a table of another
    /// environment lacks the token.
    ///
    /// - Parameter background: The colour token `tokens.background` names, if any.
    public init(_ program: LayoutProgram, tokens: LayoutTokenTable, background: String? = nil) {
        var views: [String: ViewStyle] = [:]
        for line in program.styleLines {
            guard let value = tokens[line.token]?.value else { continue }
            var style = views[line.view] ?? ViewStyle()
            switch (line.property, value) {
            case (.fill, .color(let light, let dark)): style.fill = AppearanceColor(light: RGBA(light), dark: RGBA(dark))
            case (.textColor, .color(let light, let dark)): style.textColor = AppearanceColor(light: RGBA(light), dark: RGBA(dark))
            case (.font, .typography(let type)): style.font = TextFont(type)
            default: continue
            }
            views[line.view] = style
        }
        var ground: AppearanceColor? = nil
        if let background, case .color(let light, let dark)? = tokens[background]?.value {
            ground = AppearanceColor(light: RGBA(light), dark: RGBA(dark))
        }
        self.init(views: views, background: ground)
    }
}

extension RGBA {
    /// A token table's colour.
    public init(_ color: SRGBColor) {
        self.init(RGB(red: color.red, green: color.green, blue: color.blue), alpha: color.alpha)
    }
}

extension TextFont {
    /// A typography token's font: its size, line height and weight, scaling
    /// as the text style its `$extensions` name (`body` when none, or when
    /// the name is not one of Kumiki's Dynamic Type styles).
    public init(_ type: LayoutTypography) {
        self.init(
            size: type.fontSize, lineHeight: type.lineHeight, weight: type.fontWeight,
            style: type.textStyle.flatMap(TextStyle.init(rawValue:)) ?? .body)
    }
}
