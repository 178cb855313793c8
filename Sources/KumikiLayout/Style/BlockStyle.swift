import KumikiSupport

/// What a view's `fill`, `textColor` and `font` lines resolve to in one
/// environment.
public struct ViewStyle: Hashable, Sendable {
    /// The colour the view is filled with.
    public var fill: AppearanceColor?
    /// The colour of its text (labels and controls).
    public var textColor: AppearanceColor?
    /// The type its text is set in; the body style when nil.
    public var font: TextFont?

    public init(fill: AppearanceColor? = nil, textColor: AppearanceColor? = nil, font: TextFont? = nil) {
        self.fill = fill
        self.textColor = textColor
        self.font = font
    }
}

/// A block's colours and type in one environment: each view's style, and
/// the screen's background (`tokens.background` in `kumiki.yml`).
public struct BlockStyle: Hashable, Sendable {
    /// By view name; a view without style lines is absent.
    public var views: [String: ViewStyle]
    /// The colour token the site names as the screen's background.
    public var background: AppearanceColor?

    public init(views: [String: ViewStyle] = [:], background: AppearanceColor? = nil) {
        self.views = views
        self.background = background
    }

    /// No style lines and no background: the block as Kumiki drew it
    /// before tokens.
    public static let plain = BlockStyle()

    /// The font `view`'s text is set in.
    public func font(of view: String) -> TextFont {
        views[view]?.font ?? .body
    }

    /// The screen under every view when no background token is named, as
    /// the diagrams draw it (the theme's `--kumiki-screen`): white in light
    /// appearance, black in dark.
    public static let screen = AppearanceColor(light: RGBA(.white), dark: RGBA(.black))
}

/// A block's styles in each environment it is solved in.
public struct BlockStyles: Sendable {
    private let resolve: @Sendable (Environment) -> BlockStyle
    /// Whether any environment has a style (false: skip the work).
    public let isEmpty: Bool

    /// - Parameter resolve: The block's style in an environment.
    public init(_ resolve: @escaping @Sendable (Environment) -> BlockStyle) {
        self.resolve = resolve
        isEmpty = false
    }

    private init() {
        resolve = { _ in .plain }
        isEmpty = true
    }

    /// No styles anywhere.
    public static let none = BlockStyles()

    public func style(in environment: Environment) -> BlockStyle {
        isEmpty ? .plain : resolve(environment)
    }
}
