import KumikiLayout
import KumikiLayoutLanguage
import KumikiSupport

/// An environment trait a resolver modifier can follow (`tokens.modes`):
/// the layout language's own traits, and the appearance.
public enum ModeTrait: String, CaseIterable, Hashable, Sendable {
    /// The horizontal size class: contexts `compact` and `regular`.
    case width
    /// The vertical size class: contexts `compact` and `regular`.
    case height
    /// The Dynamic Type size: contexts named as the layout language names
    /// text sizes, `xSmall` … `AX5`.
    case textSize
    /// Light or dark appearance: contexts `light` and `dark`. It does not
    /// move frames, so it chooses colours only.
    case appearance

    /// The contexts a modifier bound to this trait must have.
    public var contexts: [String] {
        switch self {
        case .width, .height: SizeClass.allCases.map(\.rawValue)
        case .textSize: TextSize.allCases.map(\.languageName)
        case .appearance: ["light", "dark"]
        }
    }

    /// The context this trait gives in `environment`; nil for the
    /// appearance, which every environment has both of.
    func context(in environment: Environment) -> String? {
        switch self {
        case .width: environment.sizeClasses.horizontal.rawValue
        case .height: environment.sizeClasses.vertical.rawValue
        case .textSize: environment.textSize.languageName
        case .appearance: nil
        }
    }
}

/// `modifier: trait` under `tokens.modes`: the modifier's context follows
/// the trait in each environment.
public struct ModeBinding: Hashable, Sendable {
    public var modifier: String
    public var trait: ModeTrait
    /// Where the line is written in `kumiki.yml`.
    public var location: SourceLocation
}
