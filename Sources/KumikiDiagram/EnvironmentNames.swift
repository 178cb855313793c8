import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage

/// How diagrams, captions and finding lists name an environment, in
/// English and Japanese.
public enum EnvironmentNames {
    /// "iPhone X / XS / 11 Pro, landscape right, text size AX3" and
    /// "iPhone X / XS / 11 Pro、横向き（右）、文字サイズ AX3".
    public static func name(of environment: Environment) -> Bilingual<String> {
        let device = environment.device.name
        let qualifier = qualifier(of: environment)
        return Bilingual("\(device), \(qualifier.english)", "\(device)、\(qualifier.japanese)")
    }

    /// The environment without its device: "portrait", "landscape left,
    /// Split View 1/2", "portrait, text size AX3".
    public static func qualifier(of environment: Environment) -> Bilingual<String> {
        var parts = [orientation(environment.orientation)]
        if environment.split != .full { parts.append(split(environment.split)) }
        if environment.textSize != .default {
            let size = environment.textSize.shortName
            parts.append(Bilingual("text size \(size)", "文字サイズ \(size)"))
        }
        return .joining(parts, english: ", ", japanese: "、")
    }

    public static func orientation(_ orientation: Orientation) -> Bilingual<String> {
        switch orientation {
        case .portrait: Bilingual("portrait", "縦向き")
        case .landscapeLeft: Bilingual("landscape left", "横向き（左）")
        case .landscapeRight: Bilingual("landscape right", "横向き（右）")
        }
    }

    public static func split(_ split: Split) -> Bilingual<String> {
        switch split {
        case .full: Bilingual("full screen", "フルスクリーン")
        case .twoThirds: Bilingual(both: "Split View 2/3")
        case .half: Bilingual(both: "Split View 1/2")
        case .oneThird: Bilingual(both: "Split View 1/3")
        case .slideOver: Bilingual(both: "Slide Over")
        }
    }

    /// UIKit's shorthand for size classes: `wC hR`.
    public static func sizeClassShorthand(_ classes: SizeClasses) -> String {
        "w\(classes.horizontal == .regular ? "R" : "C") h\(classes.vertical == .regular ? "R" : "C")"
    }

    /// "compact width, regular height" and "幅 compact・高さ regular".
    public static func sizeClasses(_ classes: SizeClasses) -> Bilingual<String> {
        Bilingual("\(classes.horizontal.rawValue) width, \(classes.vertical.rawValue) height",
                  "幅 \(classes.horizontal.rawValue)・高さ \(classes.vertical.rawValue)")
    }
}
