import KumikiSupport

// What a front-end problem is as data beyond its words: its code, and the
// word it found misspelt with the word it suggests.

extension LayoutLanguageError {
    /// `layout.` and the case's name (`layout.unknown-anchor`); a priority
    /// problem is named by its own case (`layout.priority-unknown-word`).
    public var code: DiagnosticCode {
        switch self {
        case .priority(let problem, _):
            DiagnosticCode(.layout, "priority-" + DiagnosticCode.code(.layout, naming: problem).rawValue.dropFirst("layout.".count))
        case .limit:
            DiagnosticCode(.layout, "limit")
        default:
            DiagnosticCode.code(.layout, naming: self)
        }
    }

    /// The word the author wrote that names nothing, and the closest word
    /// that does, when there is one; the problem's location is the word's
    /// first character.
    public var misspelling: (word: String, suggestion: String?)? {
        switch self {
        case .unknownViewKind(let word, let suggestion), .unknownSetting(let word, let suggestion),
             .unknownTrait(let word, let suggestion), .unknownAlignment(let word, let suggestion),
             .unknownDistribution(let word, let suggestion), .unknownStackOption(let word, let suggestion),
             .unknownAnchor(let word, let suggestion),
             .unknownName(let word, let suggestion), .hiddenNameNotAView(let word, let suggestion):
            (word, suggestion)
        case .unknownProperty(let word, let suggestion):
            (word, suggestion)
        case .priority(.unknownWord(let word, let suggestion), _):
            (word, suggestion)
        default:
            nil
        }
    }
}
