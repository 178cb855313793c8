/// What a declared view is; the kind decides its intrinsic size and which
/// guideline checks apply to it.
public enum ViewKind: String, CaseIterable, Hashable, Sendable, Codable {
    /// A plain container or coloured area.
    case view
    /// A picture; no intrinsic size.
    case image
    /// One line of text, sized by its labels.
    case label
    /// A tappable button, sized by its title plus content insets.
    case button
    /// A text field, sized by its placeholder plus padding.
    case field
    /// An on/off switch, 51 × 31 pt as UISwitch.
    case toggle
    /// Any other interactive control (slider, stepper, segmented control…).
    case control
    /// A card: a container that may hold other views.
    case card
    /// A sheet: a container presented over the content.
    case sheet

    /// Interactive views get the touch-target and safe-area checks.
    public var isInteractive: Bool {
        switch self {
        case .button, .field, .toggle, .control: true
        default: false
        }
    }

    /// Views whose intrinsic size comes from their text.
    public var hasText: Bool {
        switch self {
        case .label, .button, .field: true
        default: false
        }
    }

    /// Containers may overlap the views they contain without a finding.
    public var isContainer: Bool {
        switch self {
        case .view, .card, .sheet: true
        default: false
        }
    }
}
