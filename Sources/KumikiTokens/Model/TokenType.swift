/// The types of the DTCG Format module (2025.10): `$type`'s values.
///
/// The value of `$type` is case-sensitive, so these raw values are the
/// only spellings accepted.
public enum TokenType: String, CaseIterable, Hashable, Sendable, Codable {
    case color
    case dimension
    case fontFamily
    case fontWeight
    case duration
    case cubicBezier
    case number
    case strokeStyle
    case border
    case transition
    case shadow
    case gradient
    case typography

    /// Composite types: values made of sub-values of other types.
    public var isComposite: Bool {
        switch self {
        case .strokeStyle, .border, .transition, .shadow, .gradient, .typography: true
        default: false
        }
    }
}
