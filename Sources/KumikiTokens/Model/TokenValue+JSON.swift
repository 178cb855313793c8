import KumikiSupport

extension TokenValue {
    /// The value in its 2025.10 form, every alias and reference replaced:
    /// what `kumiki tokens --format json` prints. A colour always carries
    /// `alpha` (1 when the file leaves it out) and `hex` (the file's, or the
    /// colour converted to sRGB); a component written `"none"` stays
    /// `"none"`; dimensions and durations stay as written.
    public var jsonValue: JSONValue {
        switch self {
        case .color(let color): color.jsonValue
        case .dimension(let dimension): dimension.jsonValue
        case .fontFamily(let names): names.count == 1 ? .string(names[0]) : .array(names.map(JSONValue.string))
        case .fontWeight(let weight): .number(weight)
        case .duration(let duration): duration.jsonValue
        case .cubicBezier(let curve): curve.jsonValue
        case .number(let number): .number(number)
        case .strokeStyle(let style): style.jsonValue
        case .border(let border):
            .object(["color": border.color.jsonValue, "width": border.width.jsonValue, "style": border.style.jsonValue])
        case .transition(let transition):
            .object(["duration": transition.duration.jsonValue, "delay": transition.delay.jsonValue,
                     "timingFunction": transition.timingFunction.jsonValue])
        case .shadow(let shadows):
            shadows.count == 1 ? shadows[0].jsonValue : .array(shadows.map(\.jsonValue))
        case .gradient(let stops):
            .array(stops.map { .object(["color": $0.color.jsonValue, "position": .number($0.position)]) })
        case .typography(let type):
            .object([
                "fontFamily": type.fontFamily.count == 1 ? .string(type.fontFamily[0]) : .array(type.fontFamily.map(JSONValue.string)),
                "fontSize": type.fontSize.jsonValue, "fontWeight": .number(type.fontWeight),
                "letterSpacing": type.letterSpacing.jsonValue, "lineHeight": .number(type.lineHeight),
            ])
        }
    }
}

extension ColorValue {
    public var jsonValue: JSONValue {
        .object([
            "colorSpace": .string(colorSpace.rawValue),
            "components": .array(components.map { $0.map(JSONValue.number) ?? .string("none") }),
            "alpha": .number(alpha),
            "hex": .string(hex),
        ])
    }
}

extension Dimension {
    public var jsonValue: JSONValue { .object(["value": .number(value), "unit": .string(unit.rawValue)]) }
}

extension Duration {
    public var jsonValue: JSONValue { .object(["value": .number(value), "unit": .string(unit.rawValue)]) }
}

extension CubicBezier {
    public var jsonValue: JSONValue { .array([.number(x1), .number(y1), .number(x2), .number(y2)]) }
}

extension StrokeStyle {
    public var jsonValue: JSONValue {
        switch self {
        case .keyword(let keyword): .string(keyword.rawValue)
        case .dashes(let dashArray, let lineCap):
            .object(["dashArray": .array(dashArray.map(\.jsonValue)), "lineCap": .string(lineCap.rawValue)])
        }
    }
}

extension Shadow {
    public var jsonValue: JSONValue {
        .object([
            "color": color.jsonValue, "offsetX": offsetX.jsonValue, "offsetY": offsetY.jsonValue,
            "blur": blur.jsonValue, "spread": spread.jsonValue, "inset": .bool(inset),
        ])
    }
}

extension Deprecation {
    /// `false`, `true`, or the reason.
    public var jsonValue: JSONValue {
        switch self {
        case .current: .bool(false)
        case .deprecated(let reason): reason.map(JSONValue.string) ?? .bool(true)
        }
    }
}
