import KumikiSupport

/// Light or dark appearance. Not an environment: colours do not move
/// frames, so a block is solved once per environment and its colours are
/// resolved, drawn and checked in both appearances.
public enum Appearance: String, CaseIterable, Hashable, Sendable, Codable {
    case light
    case dark
}

/// A colour as it is in light and in dark appearance.
public struct AppearanceColor: Hashable, Sendable {
    public var light: RGBA
    public var dark: RGBA

    public init(light: RGBA, dark: RGBA) {
        self.light = light
        self.dark = dark
    }

    /// The same colour in both appearances.
    public init(_ both: RGBA) {
        self.init(light: both, dark: both)
    }

    public subscript(_ appearance: Appearance) -> RGBA {
        appearance == .light ? light : dark
    }
}
