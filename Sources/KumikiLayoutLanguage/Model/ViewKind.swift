/// What a declared view is; the kind decides its intrinsic size and which
/// guideline checks apply to it.
public enum ViewKind: String, CaseIterable, Hashable, Sendable, Codable {
    /// A plain container or coloured area.
    case view
    /// A picture; no intrinsic size.
    case image
    /// Text, sized by its labels: one line unless `lines` says otherwise.
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

    /// Views with an intrinsic content size (their text, or a switch's
    /// fixed size), and so with content hugging and compression resistance.
    public var hasIntrinsicContentSize: Bool { hasText || self == .toggle }

    /// Backdrops: views drawn behind other content (a plain area, a
    /// picture, a card, a sheet). A view lying wholly inside a backdrop is
    /// layered on it on purpose, not overlapping it; and a backdrop may run
    /// under the sensor housing, the home indicator or into the display's
    /// rounded corners, as full-bleed backgrounds do.
    public var isBackdrop: Bool {
        switch self {
        case .view, .image, .card, .sheet: true
        default: false
        }
    }

    /// Views whose content the user must read or use: text and controls
    /// (everything but backdrops). The sensor-housing, rounded-corner and
    /// home-indicator checks apply to them, since what those hide or clip
    /// is lost.
    public var carriesContent: Bool { !isBackdrop }
}
