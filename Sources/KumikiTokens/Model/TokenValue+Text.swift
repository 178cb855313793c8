import KumikiSupport

extension TokenValue {
    /// The value in a few words, for a table: a colour's hex (and alpha
    /// below 1), `16px`, `200ms`, a typography's size, weight and family.
    public var shortText: String {
        switch self {
        case .color(let color): color.shortText
        case .dimension(let dimension): dimension.shortText
        case .fontFamily(let names): names.joined(separator: ", ")
        case .fontWeight(let weight): DecimalText.format(weight, fractionDigits: 3)
        case .duration(let duration): DecimalText.format(duration.value, fractionDigits: 3) + duration.unit.rawValue
        case .cubicBezier(let curve): "cubic-bezier(" + [curve.x1, curve.y1, curve.x2, curve.y2].map { DecimalText.format($0, fractionDigits: 3) }.joined(separator: ", ") + ")"
        case .number(let number): DecimalText.format(number, fractionDigits: 3)
        case .strokeStyle(let style):
            switch style {
            case .keyword(let keyword): keyword.rawValue
            case .dashes(let dashes, let cap): dashes.map(\.shortText).joined(separator: " ") + " " + cap.rawValue
            }
        case .border(let border): "\(border.width.shortText) \(TokenValue.strokeStyle(border.style).shortText) \(border.color.shortText)"
        case .transition(let transition):
            "\(DecimalText.format(transition.duration.value, fractionDigits: 3))\(transition.duration.unit.rawValue) after "
                + "\(DecimalText.format(transition.delay.value, fractionDigits: 3))\(transition.delay.unit.rawValue)"
        case .shadow(let shadows):
            shadows.map { "\($0.offsetX.shortText) \($0.offsetY.shortText) \($0.blur.shortText) \($0.spread.shortText) \($0.color.shortText)" }
                .joined(separator: "; ")
        case .gradient(let stops): stops.map { "\($0.color.shortText) \(DecimalText.format($0.position, fractionDigits: 3))" }.joined(separator: ", ")
        case .typography(let type):
            "\(type.fontSize.shortText)/\(DecimalText.format(type.lineHeight, fractionDigits: 3)) \(DecimalText.format(type.fontWeight, fractionDigits: 3)) \(type.fontFamily.joined(separator: ", "))"
        }
    }
}

extension ColorValue {
    /// `#rrggbb`, with the alpha after it when below 1.
    public var shortText: String {
        alpha < 1 ? "\(hex) \(DecimalText.format(alpha, fractionDigits: 3))" : hex
    }
}

extension Dimension {
    /// `16px`, `1.5rem`.
    public var shortText: String { DecimalText.format(value, fractionDigits: 3) + unit.rawValue }
}
