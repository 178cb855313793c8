import KumikiLayout
import KumikiSupport

extension EnvironmentSettingProblem {
    /// The problem in words, in the compiler format's terms: what the
    /// build, `kumiki check`, `kumiki render`, the playground and
    /// `kumiki devices --environments` report.
    public var diagnostic: Diagnostic {
        let diagnostic = Diagnostic(severity, message, at: location, notes: notes, code: .code(.block, naming: self))
        switch self {
        case .unknownSetting(let word, let suggestions, _), .unknownWord(_, let word, let suggestions, _):
            return diagnostic.spanning(word.count, replacements: suggestions)
        default:
            return diagnostic
        }
    }

    private var message: String {
        switch self {
        case .repeatedLine(let key, _, _):
            "'\(key.rawValue)' is set again; this line replaces the earlier one"
        case .missingValue(let key, _):
            "expected \(key.expectation) after '\(key.rawValue):'"
        case .emptyItem(let key, _):
            "expected \(key.expectation) here"
        case .missingColon:
            "expected 'key: value', such as 'devices: phones'"
        case .unknownSetting(let name, let suggestions, _):
            "unknown environment setting '\(name)'\(Suggestions.hint(suggestions))"
        case .repeatedWord(let word, _):
            "'\(word)' is listed twice"
        case .unknownWord(let key, let word, let suggestions, _):
            "unknown \(key.wordKind) '\(word)'\(Suggestions.hint(suggestions))"
        case .upsideDownPortrait:
            "upside-down portrait is not an environment; use 'portrait'"
        case .ambiguousDevice(let name, let matches, _):
            "device name '\(name)' is ambiguous; it matches \(matches.map { "\($0.id) (\($0.name))" }.joined(separator: ", "))"
        case .conflictingNavigationBars(let word, let earlier, _):
            "'\(word)' conflicts with '\(earlier)': a screen has one navigation bar"
        case .noneWithOtherBars:
            "'none' cannot be combined with other bars"
        case .selectsNothing(let splits, _):
            "these settings select no environment: no selected device offers the splits \(splits.map(\.rawValue).joined(separator: ", "))"
        case .shownEnvironmentMissing(let name, let suggestions, let first, _):
            "'show:' names '\(name)', which is not one of the block's environments"
                + (suggestions.isEmpty ? "; the first is '\(first)'" : Suggestions.hint(suggestions))
        }
    }

    private var notes: [Diagnostic] {
        guard case .repeatedLine(_, _, let earlier) = self else { return [] }
        return [.note("set here before", at: earlier)]
    }
}

extension EnvironmentSettings.Key {
    /// What a line of this key expects, for "expected …" messages.
    var expectation: String {
        switch self {
        case .devices: "a device id or name, 'phones', 'pads' or 'all'"
        case .orientations: "'portrait', 'landscape', 'landscape-left', 'landscape-right' or 'all'"
        case .splits: "'none', 'all', 'two-thirds', 'half', 'one-third' or 'slide-over'"
        case .textSizes: "'default', 'all' or a text size from xS to AX5"
        case .bars: "'none' or bars among 'status', 'navigation', 'large-title', 'tab', 'toolbar'"
        }
    }

    /// What one word of this key's line is called, for "unknown …" messages.
    var wordKind: String {
        switch self {
        case .devices: "device"
        case .orientations: "orientation"
        case .splits: "split"
        case .textSizes: "text size"
        case .bars: "bar"
        }
    }
}
