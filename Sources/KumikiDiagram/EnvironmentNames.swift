import KumikiLayout
import KumikiLayoutLanguage

/// How diagrams, captions and finding lists name an environment, in
/// English and Japanese.
public struct EnvironmentNames: Hashable, Sendable {
    public var english: String
    public var japanese: String

    /// "iPhone X / XS / 11 Pro, landscape right, AX3" and
    /// "iPhone X / XS / 11 Pro、横向き（右）、AX3".
    public init(_ environment: Environment) {
        var en = [environment.device.name, Self.orientation(environment.orientation).english]
        var ja = [environment.device.name, Self.orientation(environment.orientation).japanese]
        if environment.split != .full {
            let split = Self.split(environment.split)
            en.append(split.english)
            ja.append(split.japanese)
        }
        if environment.textSize != .default {
            en.append("text size \(environment.textSize.shortName)")
            ja.append("文字サイズ \(environment.textSize.shortName)")
        }
        english = en.joined(separator: ", ")
        japanese = ja.joined(separator: "、")
    }

    public static func orientation(_ orientation: Orientation) -> (english: String, japanese: String) {
        switch orientation {
        case .portrait: ("portrait", "縦向き")
        case .landscapeLeft: ("landscape left", "横向き（左）")
        case .landscapeRight: ("landscape right", "横向き（右）")
        }
    }

    public static func split(_ split: Split) -> (english: String, japanese: String) {
        switch split {
        case .full: ("full screen", "フルスクリーン")
        case .twoThirds: ("Split View 2/3", "Split View 2/3")
        case .half: ("Split View 1/2", "Split View 1/2")
        case .oneThird: ("Split View 1/3", "Split View 1/3")
        case .slideOver: ("Slide Over", "Slide Over")
        }
    }

    /// UIKit's shorthand for size classes: `wC hR`.
    public static func sizeClassShorthand(_ classes: SizeClasses) -> String {
        "w\(classes.horizontal == .regular ? "R" : "C") h\(classes.vertical == .regular ? "R" : "C")"
    }

    /// "compact width, regular height" and "幅 compact・高さ regular".
    public static func sizeClasses(_ classes: SizeClasses) -> (english: String, japanese: String) {
        ("\(classes.horizontal.rawValue) width, \(classes.vertical.rawValue) height",
         "幅 \(classes.horizontal.rawValue)・高さ \(classes.vertical.rawValue)")
    }
}
