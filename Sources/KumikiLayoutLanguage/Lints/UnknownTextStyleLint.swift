import KumikiSupport

/// Warns when a `font` line's typography token names, in its `$extensions`,
/// a text style that is not one of Kumiki's Dynamic Type styles
/// (`TextStyle`): the font then scales as `body` across text sizes, which
/// is likely not what the token's author meant.
enum UnknownTextStyleLint {
    static func warnings(in program: LayoutProgram, tokens: LayoutTokenTable) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for line in program.styleLines where line.property == .font {
            guard case .typography(let type)? = tokens[line.token]?.value, let style = type.textStyle,
                  TextStyle(rawValue: style) == nil else { continue }
            let suggestion = Suggestions.closest(to: style, among: TextStyle.allCases.map(\.rawValue)).first
            warnings.append(LayoutLanguageError.unknownTextStyle(line.token, style: style, suggestion: suggestion)
                .diagnostic(at: line.location))
        }
        return warnings
    }
}
