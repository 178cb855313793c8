import KumikiLayoutLanguage
import KumikiSupport
import KumikiTokens

extension LayoutTokenTable {
    /// The layout's view of a resolved token set.
    ///
    /// - Parameters:
    ///   - set: The tokens, resolved with the environment's contexts (light
    ///     appearance where a modifier follows the appearance).
    ///   - dark: The same tokens resolved for dark appearance, whose colours
    ///     become each colour's dark value; nil when no modifier follows the
    ///     appearance, and a colour is the same in both.
    ///   - remSize: Points per rem.
    init(_ set: TokenSet, dark: TokenSet? = nil, remSize: Double) {
        var entries: [String: LayoutTokenEntry] = [:]
        for token in set.tokens {
            let darkValue = dark?.token(named: token.name)?.value
            entries[token.name] = LayoutTokenEntry(
                value: Self.value(of: token, dark: darkValue, remSize: remSize),
                deprecation: token.deprecation.isDeprecated ? LayoutTokenDeprecation(reason: token.deprecation.reason) : nil,
                written: Self.written(token.value, dark: darkValue, remSize: remSize))
        }
        self.init(entries: entries, withheld: Set(set.withheldNames))
    }

    private static func value(of token: Token, dark: TokenValue?, remSize: Double) -> LayoutTokenValue {
        switch token.value {
        case .dimension(let dimension): return .dimension(dimension.points(remSize: remSize))
        case .number(let number): return .number(number)
        case .color(let light):
            let darkColor: ColorValue = if case .color(let color)? = dark { color } else { light }
            return .color(light: SRGBColor(light), dark: SRGBColor(darkColor))
        case .typography(let typography):
            return .typography(LayoutTypography(
                fontSize: typography.fontSize.points(remSize: remSize), lineHeight: typography.lineHeight,
                fontWeight: typography.fontWeight, textStyle: token.extensions?["org.kumiki"]?["textStyle"]?.string))
        default: return .other(type: token.type.rawValue)
        }
    }

    /// The value as the token files write it, a `rem` with its points, a
    /// colour with its dark value when that differs: the title a reference
    /// shows on the page.
    private static func written(_ value: TokenValue, dark: TokenValue?, remSize: Double) -> String {
        switch value {
        case .dimension(let dimension) where dimension.unit == .rem:
            return "\(dimension.shortText) (\(DecimalText.format(dimension.points(remSize: remSize), fractionDigits: 3)) pt)"
        case .color(let light):
            guard case .color(let darkColor)? = dark, darkColor.shortText != light.shortText else { return light.shortText }
            return "\(light.shortText) light, \(darkColor.shortText) dark"
        default:
            return value.shortText
        }
    }
}

extension SRGBColor {
    init(_ color: ColorValue) {
        let rgb = color.srgb
        self.init(red: rgb.red, green: rgb.green, blue: rgb.blue, alpha: color.alpha)
    }
}
