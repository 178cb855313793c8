import KumikiSupport

// Every type's value checked for shape and range and resolved. A sub-value
// whose type is a token type (a border's colour, a shadow list's element)
// may be an alias `"{…}"`; any part may be a JSON Pointer `{"$ref": …}`.

extension TokenResolver {
    /// The value of `node` as a `type`, or `nil` after reporting why not.
    func value(_ node: JSONNode, _ file: Int, as type: TokenType) -> TokenValue? {
        switch type {
        case .color: color(node, file).map(TokenValue.color)
        case .dimension: dimension(node, file).map(TokenValue.dimension)
        case .fontFamily: fontFamily(node, file).map(TokenValue.fontFamily)
        case .fontWeight: fontWeight(node, file).map(TokenValue.fontWeight)
        case .duration: duration(node, file).map(TokenValue.duration)
        case .cubicBezier: cubicBezier(node, file).map(TokenValue.cubicBezier)
        case .number: number(node, file).map(TokenValue.number)
        case .strokeStyle: strokeStyle(node, file).map(TokenValue.strokeStyle)
        case .border: border(node, file).map(TokenValue.border)
        case .transition: transition(node, file).map(TokenValue.transition)
        case .shadow: shadows(node, file).map(TokenValue.shadow)
        case .gradient: gradient(node, file).map(TokenValue.gradient)
        case .typography: typography(node, file).map(TokenValue.typography)
        }
    }

    /// A value of a token type: an alias to a token of that type, a
    /// pointer, or a literal read by `literal`.
    private func typed(_ node: JSONNode, _ file: Int, _ type: TokenType, literal: (JSONNode, Int) -> TokenValue?) -> TokenValue? {
        switch Reference.of(node) {
        case .alias(let path): return aliasValue(path, at: node, file, expected: type)
        case .pointer(let pointer): return follow(pointer, at: node, file) { self.typed($0, $1, type, literal: literal) }
        case .malformedAlias(let text):
            report(.malformedReference(text), at: node, file)
            return nil
        case .malformedPointerObject:
            report(.propertyForm(property: "$ref", expected: "a string", found: node["$ref"]?.kindName ?? "nothing"), at: node, file)
            return nil
        case .none: return literal(node, file)
        }
    }

    /// A part that is not itself of a token type (a component, a unit):
    /// a pointer is followed, anything else read by `body`.
    private func plain<T>(_ node: JSONNode, _ file: Int, _ body: (JSONNode, Int) -> T?) -> T? {
        switch Reference.of(node) {
        case .pointer(let pointer): return follow(pointer, at: node, file) { self.plain($0, $1, body) }
        case .malformedPointerObject:
            report(.propertyForm(property: "$ref", expected: "a string", found: node["$ref"]?.kindName ?? "nothing"), at: node, file)
            return nil
        default: return body(node, file)
        }
    }

    private func plainNumber(_ node: JSONNode, _ file: Int, what: String) -> Double? {
        plain(node, file) { node, file in
            guard let number = node.number else {
                self.report(.wrongKind(expected: what, found: node.kindName), at: node, file)
                return nil
            }
            return number
        }
    }

    private func plainString(_ node: JSONNode, _ file: Int, what: String) -> String? {
        plain(node, file) { node, file in
            guard let text = node.string else {
                self.report(.wrongKind(expected: what, found: node.kindName), at: node, file)
                return nil
            }
            return text
        }
    }

    /// The members of an object with `keys`, each required unless listed
    /// in `optional`; unknown and missing keys reported.
    private func object(
        _ node: JSONNode, _ file: Int, what: String, keys: [String], optional: Set<String> = []
    ) -> [String: JSONNode]? {
        guard let members = node.members else {
            report(.wrongKind(expected: what, found: node.kindName), at: node, file)
            return nil
        }
        var found: [String: JSONNode] = [:]
        var complete = true
        for member in members {
            if keys.contains(member.key) {
                found[member.key] = member.value
            } else {
                let suggestion = Suggestions.closest(to: member.key, among: keys).first
                report(.unknownKey(member.key, in: what, allowed: keys, suggestion: suggestion), at: location(member.keyPosition, file))
                complete = false
            }
        }
        for key in keys where found[key] == nil && !optional.contains(key) {
            report(.missingKey(key, in: what), at: node, file)
            complete = false
        }
        return complete ? found : nil
    }

    // MARK: Color

    private func color(_ node: JSONNode, _ file: Int) -> ColorValue? {
        let value = typed(node, file, .color) { node, file in
            if let text = node.string {
                self.report(Self.legacyColor(text), at: node, file)
                return nil
            }
            return self.colorObject(node, file).map(TokenValue.color)
        }
        if case .color(let color)? = value { return color }
        return nil
    }

    private func colorObject(_ node: JSONNode, _ file: Int) -> ColorValue? {
        let what = "a color"
        guard let members = object(node, file, what: what, keys: ["colorSpace", "components", "alpha", "hex"], optional: ["alpha", "hex"]),
              let spaceNode = members["colorSpace"], let componentsNode = members["components"] else { return nil }
        let space: ColorSpace? = plain(spaceNode, file) { node, file in
            guard let name = node.string else {
                self.report(.wrongKind(expected: "a color space name", found: node.kindName), at: node, file)
                return nil
            }
            guard let space = ColorSpace(rawValue: name) else {
                let names = ColorSpace.allCases.map(\.rawValue)
                self.report(.unknownKeyword(name, of: "color space", allowed: names,
                                            suggestion: Suggestions.closest(to: name, among: names).first), at: node, file)
                return nil
            }
            return space
        }
        var alpha = 1.0
        var valid = space != nil
        if let alphaNode = members["alpha"] {
            if let number = plainNumber(alphaNode, file, what: "an alpha number") {
                if (0...1).contains(number) { alpha = number } else {
                    report(.alphaOutOfRange(number), at: alphaNode, file)
                    valid = false
                }
            } else {
                valid = false
            }
        }
        var hex: String?
        if let hexNode = members["hex"] {
            hex = plain(hexNode, file) { node, file in
                guard let text = node.string else {
                    self.report(.wrongKind(expected: "a hex string \"#rrggbb\"", found: node.kindName), at: node, file)
                    return nil
                }
                if let problem = Self.hexProblem(text) {
                    self.report(problem, at: node, file)
                    return nil
                }
                return text
            }
            if hex == nil { valid = false }
        }
        guard let space else { return nil }
        let components: [Double?]? = plain(componentsNode, file) { node, file in
            guard let elements = node.elements else {
                self.report(.wrongKind(expected: "an array of components", found: node.kindName), at: node, file)
                return nil
            }
            guard elements.count == space.components.count else {
                self.report(.componentCount(space, found: elements.count), at: node, file)
                return nil
            }
            var values: [Double?] = []
            var complete = true
            for (element, range) in zip(elements, space.components) {
                let component: Double?? = self.plain(element, file) { node, file in
                    if node.string == "none" { return .some(nil) }
                    guard let number = node.number else {
                        self.report(.wrongKind(expected: "a component (a number or \"none\")", found: node.kindName), at: node, file)
                        return nil
                    }
                    guard range.contains(number) else {
                        self.report(.componentOutOfRange(space, component: range.name, value: number, range: range.written), at: node, file)
                        return nil
                    }
                    return .some(number)
                }
                if let component { values.append(component) } else { complete = false }
            }
            return complete ? values : nil
        }
        guard valid, let components else { return nil }
        return ColorValue(colorSpace: space, components: components, alpha: alpha, hex: hex)
    }

    /// Why a `hex` is not `#rrggbb`, or `nil` when it is.
    static func hexProblem(_ text: String) -> TokenProblem? {
        let digits = text.dropFirst()
        let isHex = text.hasPrefix("#") && digits.allSatisfy(\.isHexDigit) && digits.allSatisfy(\.isASCII)
        if isHex, digits.count == 6 { return nil }
        if isHex, digits.count == 8, let alphaByte = Int(digits.suffix(2), radix: 16) {
            return .hexWithAlpha(text, alpha: (Double(alphaByte) / 255 * 1000).rounded() / 1000)
        }
        return .malformedHex(text)
    }

    /// The problem of a colour written as a string: the pre-2025 hex form
    /// gets its 2025.10 replacement.
    static func legacyColor(_ text: String) -> TokenProblem {
        let digits = Array(text.dropFirst())
        guard text.hasPrefix("#"), [3, 4, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isHexDigit && $0.isASCII }) else {
            return .wrongKind(expected: "a color object {\"colorSpace\": …, \"components\": […]}", found: "a string")
        }
        let expanded = digits.count <= 4 ? digits.flatMap { [$0, $0] } : digits
        let bytes = stride(from: 0, to: expanded.count, by: 2).compactMap { Int(String(expanded[$0...($0 + 1)]), radix: 16) }
        let components = bytes.prefix(3).map { JSONValue.number((Double($0) / 255 * 1000).rounded() / 1000).written() }
        var replacement = "{\"colorSpace\": \"srgb\", \"components\": [\(components.joined(separator: ", "))]"
        if bytes.count == 4 {
            replacement += ", \"alpha\": \(JSONValue.number((Double(bytes[3]) / 255 * 1000).rounded() / 1000).written())"
        }
        replacement += ", \"hex\": \"#\(String(expanded.prefix(6)).lowercased())\"}"
        return .legacyString(text, type: .color, replacement: replacement)
    }

    // MARK: Dimension, duration, number

    private func dimension(_ node: JSONNode, _ file: Int) -> Dimension? {
        let value = typed(node, file, .dimension) { node, file in
            self.measure(node, file, type: .dimension, units: Dimension.Unit.allCases.map(\.rawValue)).flatMap { value, unit in
                Dimension.Unit(rawValue: unit).map { .dimension(Dimension(value: value, unit: $0)) }
            }
        }
        if case .dimension(let dimension)? = value { return dimension }
        return nil
    }

    private func duration(_ node: JSONNode, _ file: Int) -> Duration? {
        let value = typed(node, file, .duration) { node, file in
            self.measure(node, file, type: .duration, units: Duration.Unit.allCases.map(\.rawValue)).flatMap { value, unit in
                Duration.Unit(rawValue: unit).map { .duration(Duration(value: value, unit: $0)) }
            }
        }
        if case .duration(let duration)? = value { return duration }
        return nil
    }

    /// `{"value": number, "unit": one of units}`.
    private func measure(_ node: JSONNode, _ file: Int, type: TokenType, units: [String]) -> (Double, String)? {
        let what = "a \(type.rawValue)"
        if let text = node.string {
            report(Self.legacyMeasure(text, type: type, units: units), at: node, file)
            return nil
        }
        guard let members = object(node, file, what: what, keys: ["value", "unit"]),
              let valueNode = members["value"], let unitNode = members["unit"] else { return nil }
        let value = plainNumber(valueNode, file, what: "a number")
        let unit: String? = plain(unitNode, file) { node, file in
            guard let unit = node.string else {
                self.report(.wrongKind(expected: "a unit (\(units.map { "\"\($0)\"" }.joined(separator: " or ")))", found: node.kindName), at: node, file)
                return nil
            }
            guard units.contains(unit) else {
                self.report(.unknownKeyword(unit, of: "\(type.rawValue) unit", allowed: units,
                                            suggestion: Suggestions.closest(to: unit, among: units).first), at: node, file)
                return nil
            }
            return unit
        }
        guard let value, let unit else { return nil }
        // Far past any screen or any pause, and past it a length in points
        // (a rem times `tokens.rem`) may no longer be a finite number.
        guard abs(value) <= Self.largestMeasure else {
            report(.measureTooLarge(value, type: type, limit: Self.largestMeasure), at: valueNode, file)
            return nil
        }
        return (value, unit)
    }

    /// The largest magnitude of a dimension's or a duration's value.
    static var largestMeasure: Double { 1_000_000 }

    /// The problem of a dimension or duration written as a string: `"16px"`
    /// and `"200ms"` get their 2025.10 replacement.
    static func legacyMeasure(_ text: String, type: TokenType, units: [String]) -> TokenProblem {
        let expected = "a \(type.rawValue) object {\"value\": number, \"unit\": \(units.map { "\"\($0)\"" }.joined(separator: " or "))}"
        for unit in units.sorted(by: { $0.count > $1.count }) where text.hasSuffix(unit) {
            let number = text.dropLast(unit.count).trimmingWhitespace
            guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }),
                  let value = Double(number), value.isFinite else { break }
            return .legacyString(text, type: type, replacement: "{\"value\": \(JSONValue.number(value).written()), \"unit\": \"\(unit)\"}")
        }
        return .wrongKind(expected: expected, found: "a string")
    }

    private func number(_ node: JSONNode, _ file: Int) -> Double? {
        let value = typed(node, file, .number) { node, file in
            guard let number = node.number else {
                self.report(.wrongKind(expected: "a number", found: node.kindName), at: node, file)
                return nil
            }
            return .number(number)
        }
        if case .number(let number)? = value { return number }
        return nil
    }

    // MARK: Fonts

    private func fontFamily(_ node: JSONNode, _ file: Int) -> [String]? {
        let value = typed(node, file, .fontFamily) { node, file in
            if let name = node.string { return .fontFamily([name]) }
            guard let elements = node.elements else {
                self.report(.wrongKind(expected: "a font name or an array of font names", found: node.kindName), at: node, file)
                return nil
            }
            guard !elements.isEmpty else {
                self.report(.emptyList("a font family"), at: node, file)
                return nil
            }
            // An element may alias a fontFamily token of one name, as a
            // shadow list's element may alias a token of one shadow.
            let names = elements.map { element -> String? in
                switch Reference.of(element) {
                case .alias, .malformedAlias:
                    guard case .fontFamily(let list)? = self.typed(element, file, .fontFamily, literal: { _, _ in nil }) else { return nil }
                    guard list.count == 1 else {
                        self.report(.listInList(reference: element.string ?? "", count: list.count, item: "font name"), at: element, file)
                        return nil
                    }
                    return list[0]
                default:
                    return self.plainString(element, file, what: "a font name")
                }
            }
            guard names.allSatisfy({ $0 != nil }) else { return nil }
            return .fontFamily(names.compactMap { $0 })
        }
        if case .fontFamily(let names)? = value { return names }
        return nil
    }

    private func fontWeight(_ node: JSONNode, _ file: Int) -> Double? {
        let value = typed(node, file, .fontWeight) { node, file in
            switch node.value {
            case .number(let weight):
                guard (1...1000).contains(weight) else {
                    self.report(.fontWeightOutOfRange(weight), at: node, file)
                    return nil
                }
                return .fontWeight(weight)
            case .string(let name):
                if let weight = FontWeightName.weight(of: name) { return .fontWeight(weight) }
                let names = FontWeightName.values.map(\.name)
                self.report(.unknownKeyword(name, of: "font weight", allowed: names,
                                            suggestion: Suggestions.closest(to: name, among: names).first), at: node, file)
                return nil
            default:
                self.report(.wrongKind(expected: "a font weight (a number from 1 to 1000 or a weight name)", found: node.kindName), at: node, file)
                return nil
            }
        }
        if case .fontWeight(let weight)? = value { return weight }
        return nil
    }

    // MARK: Cubic Bézier

    private func cubicBezier(_ node: JSONNode, _ file: Int) -> CubicBezier? {
        let value = typed(node, file, .cubicBezier) { node, file in
            guard let elements = node.elements else {
                self.report(.wrongKind(expected: "a cubic Bézier [x1, y1, x2, y2]", found: node.kindName), at: node, file)
                return nil
            }
            guard elements.count == 4 else {
                self.report(.cubicBezierCount(found: elements.count), at: node, file)
                return nil
            }
            var numbers: [Double] = []
            for (index, element) in elements.enumerated() {
                guard let number = self.plainNumber(element, file, what: "a number") else { continue }
                if index % 2 == 0, !(0...1).contains(number) {
                    self.report(.cubicBezierXOutOfRange(point: index / 2 + 1, value: number), at: element, file)
                    continue
                }
                numbers.append(number)
            }
            guard numbers.count == 4 else { return nil }
            return .cubicBezier(CubicBezier(numbers[0], numbers[1], numbers[2], numbers[3]))
        }
        if case .cubicBezier(let curve)? = value { return curve }
        return nil
    }

    // MARK: Composites

    private func strokeStyle(_ node: JSONNode, _ file: Int) -> StrokeStyle? {
        let value = typed(node, file, .strokeStyle) { node, file in
            if let name = node.string {
                guard let keyword = StrokeStyle.Keyword(rawValue: name) else {
                    let names = StrokeStyle.Keyword.allCases.map(\.rawValue)
                    self.report(.unknownKeyword(name, of: "stroke style", allowed: names,
                                                suggestion: Suggestions.closest(to: name, among: names).first), at: node, file)
                    return nil
                }
                return .strokeStyle(.keyword(keyword))
            }
            guard let members = self.object(node, file, what: "a stroke style", keys: ["dashArray", "lineCap"]),
                  let dashNode = members["dashArray"], let capNode = members["lineCap"] else { return nil }
            let dashes: [Dimension]? = self.plain(dashNode, file) { node, file in
                guard let elements = node.elements else {
                    self.report(.wrongKind(expected: "an array of dimensions", found: node.kindName), at: node, file)
                    return nil
                }
                guard !elements.isEmpty else {
                    self.report(.emptyList("a dash array"), at: node, file)
                    return nil
                }
                let dimensions = elements.map { self.dimension($0, file) }
                return dimensions.allSatisfy { $0 != nil } ? dimensions.compactMap { $0 } : nil
            }
            let cap: StrokeStyle.LineCap? = self.plain(capNode, file) { node, file in
                let names = StrokeStyle.LineCap.allCases.map(\.rawValue)
                guard let name = node.string else {
                    self.report(.wrongKind(expected: "a line cap (\"round\", \"butt\" or \"square\")", found: node.kindName), at: node, file)
                    return nil
                }
                guard let cap = StrokeStyle.LineCap(rawValue: name) else {
                    self.report(.unknownKeyword(name, of: "line cap", allowed: names,
                                                suggestion: Suggestions.closest(to: name, among: names).first), at: node, file)
                    return nil
                }
                return cap
            }
            guard let dashes, let cap else { return nil }
            return .strokeStyle(.dashes(dashArray: dashes, lineCap: cap))
        }
        if case .strokeStyle(let style)? = value { return style }
        return nil
    }

    private func border(_ node: JSONNode, _ file: Int) -> Border? {
        let value = typed(node, file, .border) { node, file in
            guard let members = self.object(node, file, what: "a border", keys: ["color", "width", "style"]),
                  let colorNode = members["color"], let widthNode = members["width"], let styleNode = members["style"] else { return nil }
            let color = self.color(colorNode, file)
            let width = self.dimension(widthNode, file)
            let style = self.strokeStyle(styleNode, file)
            guard let color, let width, let style else { return nil }
            return .border(Border(color: color, width: width, style: style))
        }
        if case .border(let border)? = value { return border }
        return nil
    }

    private func transition(_ node: JSONNode, _ file: Int) -> Transition? {
        let value = typed(node, file, .transition) { node, file in
            guard let members = self.object(node, file, what: "a transition", keys: ["duration", "delay", "timingFunction"]),
                  let durationNode = members["duration"], let delayNode = members["delay"],
                  let curveNode = members["timingFunction"] else { return nil }
            let duration = self.duration(durationNode, file)
            let delay = self.duration(delayNode, file)
            let curve = self.cubicBezier(curveNode, file)
            guard let duration, let delay, let curve else { return nil }
            return .transition(Transition(duration: duration, delay: delay, timingFunction: curve))
        }
        if case .transition(let transition)? = value { return transition }
        return nil
    }

    private func shadows(_ node: JSONNode, _ file: Int) -> [Shadow]? {
        let value = typed(node, file, .shadow) { node, file in
            if node.members != nil { return self.shadowObject(node, file).map { .shadow([$0]) } }
            guard let elements = node.elements else {
                self.report(.wrongKind(expected: "a shadow object or an array of shadows", found: node.kindName), at: node, file)
                return nil
            }
            guard !elements.isEmpty else {
                self.report(.emptyList("a shadow list"), at: node, file)
                return nil
            }
            let shadows = elements.map { element -> Shadow? in
                let single = self.typed(element, file, .shadow) { node, file in self.shadowObject(node, file).map { .shadow([$0]) } }
                guard case .shadow(let list)? = single else { return nil }
                guard list.count == 1 else {
                    let written = element.string ?? element["$ref"]?.string ?? ""
                    self.report(.listInList(reference: written, count: list.count, item: "shadow"), at: element, file)
                    return nil
                }
                return list[0]
            }
            return shadows.allSatisfy { $0 != nil } ? .shadow(shadows.compactMap { $0 }) : nil
        }
        if case .shadow(let list)? = value { return list }
        return nil
    }

    private func shadowObject(_ node: JSONNode, _ file: Int) -> Shadow? {
        guard let members = object(node, file, what: "a shadow", keys: ["color", "offsetX", "offsetY", "blur", "spread", "inset"],
                                   optional: ["inset"]),
              let colorNode = members["color"], let xNode = members["offsetX"], let yNode = members["offsetY"],
              let blurNode = members["blur"], let spreadNode = members["spread"] else { return nil }
        let color = color(colorNode, file)
        let x = dimension(xNode, file), y = dimension(yNode, file)
        let blur = dimension(blurNode, file), spread = dimension(spreadNode, file)
        var inset: Bool? = false
        if let insetNode = members["inset"] {
            inset = plain(insetNode, file) { node, file in
                guard case .bool(let flag) = node.value else {
                    self.report(.wrongKind(expected: "true or false", found: node.kindName), at: node, file)
                    return nil
                }
                return flag
            }
        }
        guard let color, let x, let y, let blur, let spread, let inset else { return nil }
        return Shadow(color: color, offsetX: x, offsetY: y, blur: blur, spread: spread, inset: inset)
    }

    private func gradient(_ node: JSONNode, _ file: Int) -> [GradientStop]? {
        let value = typed(node, file, .gradient) { node, file in
            guard let elements = node.elements else {
                self.report(.wrongKind(expected: "an array of gradient stops", found: node.kindName), at: node, file)
                return nil
            }
            guard !elements.isEmpty else {
                self.report(.emptyList("a gradient"), at: node, file)
                return nil
            }
            let stops = elements.map { element -> GradientStop? in
                let single = self.typed(element, file, .gradient) { node, file in self.gradientStop(node, file).map { .gradient([$0]) } }
                guard case .gradient(let list)? = single else { return nil }
                guard list.count == 1 else {
                    let written = element.string ?? element["$ref"]?.string ?? ""
                    self.report(.listInList(reference: written, count: list.count, item: "gradient stop"), at: element, file)
                    return nil
                }
                return list[0]
            }
            return stops.allSatisfy { $0 != nil } ? .gradient(stops.compactMap { $0 }) : nil
        }
        if case .gradient(let stops)? = value { return stops }
        return nil
    }

    private func gradientStop(_ node: JSONNode, _ file: Int) -> GradientStop? {
        guard let members = object(node, file, what: "a gradient stop", keys: ["color", "position"]),
              let colorNode = members["color"], let positionNode = members["position"] else { return nil }
        let color = color(colorNode, file)
        let position = number(positionNode, file)
        guard let color, let position else { return nil }
        return GradientStop(color: color, position: position)
    }

    private func typography(_ node: JSONNode, _ file: Int) -> Typography? {
        let value = typed(node, file, .typography) { node, file in
            let keys = ["fontFamily", "fontSize", "fontWeight", "letterSpacing", "lineHeight"]
            guard let members = self.object(node, file, what: "a typography", keys: keys),
                  let familyNode = members["fontFamily"], let sizeNode = members["fontSize"], let weightNode = members["fontWeight"],
                  let spacingNode = members["letterSpacing"], let lineNode = members["lineHeight"] else { return nil }
            let family = self.fontFamily(familyNode, file)
            let size = self.dimension(sizeNode, file)
            let weight = self.fontWeight(weightNode, file)
            let spacing = self.dimension(spacingNode, file)
            let line = self.number(lineNode, file)
            guard let family, let size, let weight, let spacing, let line else { return nil }
            return .typography(Typography(fontFamily: family, fontSize: size, fontWeight: weight, letterSpacing: spacing, lineHeight: line))
        }
        if case .typography(let typography)? = value { return typography }
        return nil
    }
}
