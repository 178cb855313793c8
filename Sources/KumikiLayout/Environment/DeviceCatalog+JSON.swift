import KumikiLayoutLanguage
import KumikiSupport

extension DeviceCatalog {
    /// The catalog as the JSON array `kumiki devices --json` prints, for tools.
    ///
    /// One object per device, in catalog order, keys sorted:
    /// `id`, `name`, `models`, `family` (`phone`|`pad`), `width` and `height`
    /// (portrait points), `scale`, `nativeScale`, `cornerRadius`,
    /// `sensorHousing` (`{"kind": "none"|"notch"|"island", "rect": {x, y,
    /// width, height} or null}`, portrait), `homeIndicator`, `upsideDown`,
    /// `statusBar`, `safeArea` (`{top, left, bottom, right}`) and
    /// `sizeClasses` (`{width, height}`, `compact`|`regular`), each keyed by
    /// `portrait` and `landscape` (landscape right), `multitasking` (the iPad
    /// windows: `orientation`, `split`, `width`, `height`, `sizeClasses`) and
    /// `source`.
    public func jsonDescription() -> String {
        JSONValue.array(devices.map(\.jsonValue)).written() + "\n"
    }
}

extension Device {
    var jsonValue: JSONValue {
        func classes(_ c: SizeClasses) -> JSONValue {
            .object(["width": .string(c.horizontal.rawValue), "height": .string(c.vertical.rawValue)])
        }
        func insets(_ i: EdgeInsets) -> JSONValue {
            .object(["top": .number(i.top), "left": .number(i.left), "bottom": .number(i.bottom), "right": .number(i.right)])
        }
        return .object([
            "id": .string(id),
            "name": .string(name),
            "models": .array(models.map(JSONValue.string)),
            "family": .string(family.rawValue),
            "width": .number(width),
            "height": .number(height),
            "scale": .number(scale),
            "nativeScale": .number(nativeScale),
            "cornerRadius": .number(cornerRadius),
            "sensorHousing": .object([
                "kind": .string(sensorHousing.kind.rawValue),
                "rect": sensorHousing.portraitRect.map(\.jsonValue) ?? .null,
            ]),
            "homeIndicator": .bool(hasHomeIndicator),
            "upsideDown": .bool(supportsUpsideDown),
            "statusBar": .object(["portrait": .number(portrait.statusBarHeight), "landscape": .number(landscape.statusBarHeight)]),
            "safeArea": .object(["portrait": insets(portrait.safeAreaInsets), "landscape": insets(landscape.safeAreaInsets)]),
            "sizeClasses": .object(["portrait": classes(portrait.sizeClasses), "landscape": classes(landscape.sizeClasses)]),
            "multitasking": .array(multitasking.map { window in
                .object([
                    "orientation": .string(window.isLandscape ? "landscape" : "portrait"),
                    "split": .string(window.split.rawValue),
                    "width": .number(window.width),
                    "height": .number(window.height),
                    "sizeClasses": classes(window.sizeClasses),
                ])
            }),
            "source": .string(source),
        ])
    }
}

extension Rect {
    var jsonValue: JSONValue {
        .object(["x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height)])
    }
}

extension Environment {
    /// Environments as a JSON array for tools: per environment its `id`,
    /// `device`, `orientation`, `split`, `textSize`, `bars`, the rectangles
    /// (`screen`, `window`, `safeArea`, `margins`, `readable`,
    /// `homeIndicator`, `sensorHousing`, null when absent), `sizeClasses`
    /// and `cornerRadius`; keys sorted.
    public static func jsonDescription(of environments: [Environment]) -> String {
        JSONValue.array(environments.map(\.jsonValue)).written() + "\n"
    }

    var jsonValue: JSONValue {
        .object([
            "id": .string(id),
            "device": .string(device.id),
            "orientation": .string(orientation.rawValue),
            "split": .string(split.rawValue),
            "textSize": .string(textSize.rawValue),
            "bars": .string(bars.description),
            "screen": screen.jsonValue,
            "window": window.jsonValue,
            "safeArea": safeArea.jsonValue,
            "margins": margins.jsonValue,
            "readable": readable.jsonValue,
            "homeIndicator": homeIndicator.map(\.jsonValue) ?? .null,
            "sensorHousing": sensorHousing.map(\.jsonValue) ?? .null,
            "sizeClasses": .object(["width": .string(sizeClasses.horizontal.rawValue), "height": .string(sizeClasses.vertical.rawValue)]),
            "cornerRadius": .number(cornerRadius),
        ])
    }
}
