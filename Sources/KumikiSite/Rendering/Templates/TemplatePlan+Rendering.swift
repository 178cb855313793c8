/// Renders plans, tag by tag as swift-mustache renders its templates (the
/// order of lookups, what each kind of value does in a section, partials'
/// indentation and inherited blocks), into one string instead of a string
/// per tag.
///
/// A value or transform this renderer does not stand for exactly (a list
/// written as a variable, `sorted`, `capitalized`) sets `unsupported`, and
/// the caller renders the page through swift-mustache instead.
struct TemplateRenderer {
    /// Every template of the library, by name, for partials and parents.
    let plans: [String: TemplatePlan]
    private(set) var unsupported = false

    init(plans: [String: TemplatePlan]) { self.plans = plans }

    /// Where in a loop the innermost section stands (`first()`, `index()`).
    struct Loop {
        var first: Bool
        var last: Bool
        var index: Int
    }

    /// What a template renders against: swift-mustache's context.
    struct Scope {
        var stack: [TemplateValue]
        var loop: Loop?
        var indentation: String?
        var inherited: [String: TemplatePlan]?

        func pushing(_ value: TemplateValue, loop: Loop? = nil) -> Scope {
            var scope = self
            scope.stack.append(value)
            scope.loop = loop
            return scope
        }
    }

    /// The named template rendered with `context`, or nil when it needs
    /// swift-mustache.
    mutating func render(_ name: String, context: TemplateValue) -> String? {
        guard let plan = plans[name] else { return nil }
        var out = ""
        render(plan, Scope(stack: [context], loop: nil, indentation: nil, inherited: nil), into: &out)
        return unsupported ? nil : out
    }

    private mutating func render(_ plan: TemplatePlan, _ scope: Scope, into out: inout String) {
        guard let indentation = scope.indentation, !indentation.isEmpty else {
            for node in plan.nodes { render(node, scope, into: &out) }
            return
        }
        // Inside an indented partial, each piece that starts a line is
        // indented: the test reads this template's own output so far.
        var local = ""
        for node in plan.nodes {
            var piece = ""
            render(node, scope, into: &piece)
            if !piece.isEmpty, local.last == "\n" { local += indentation }
            local += piece
        }
        out += local
    }

    private mutating func render(_ node: TemplatePlan.Node, _ scope: Scope, into out: inout String) {
        switch node {
        case .text(let text):
            out += text
        case .variable(let name, let escaped):
            guard let value = lookUp(name, in: scope) else { return }
            switch value {
            case .text(let text): if escaped { Self.appendEscaped(text, to: &out) } else { out += text }
            case .html(let html): out += html
            case .bool(let bool): out += bool ? "true" : "false"
            case .integer(let integer): out += String(integer)
            case .list, .object: unsupported = true
            }
        case .section(let name, let body):
            switch lookUp(name, in: scope) {
            case nil: return
            case .list(let items)?:
                for (index, item) in items.enumerated() {
                    let loop = Loop(first: index == 0, last: index == items.count - 1, index: index)
                    render(body, scope.pushing(item, loop: loop), into: &out)
                }
            case .bool(let bool)?:
                if bool { render(body, scope, into: &out) }
            case let value?:
                render(body, scope.pushing(value), into: &out)
            }
        case .invertedSection(let name, let body):
            switch lookUp(name, in: scope) {
            case nil: render(body, scope, into: &out)
            case .list(let items)?: if items.isEmpty { render(body, scope.pushing(.list(items)), into: &out) }
            case .bool(let bool)?: if !bool { render(body, scope, into: &out) }
            case _?: return
            }
        case .block(let name, let fallback, let indentation):
            var inner = scope
            inner.loop = nil
            if let indentation { inner.indentation = (scope.indentation ?? "") + indentation }
            render(scope.inherited?[name] ?? fallback, inner, into: &out)
        case .partial(let name, let indentation, let blocks):
            guard let plan = plans[name] else { return }
            var inner = scope
            inner.loop = nil
            if let indentation { inner.indentation = (scope.indentation ?? "") + indentation }
            if let blocks {
                // The outer template's blocks win over the parent's own.
                inner.inherited = scope.inherited.map { $0.merging(blocks) { outer, _ in outer } } ?? blocks
            }
            render(plan, inner, into: &out)
        }
    }

    /// A name's value, found as swift-mustache finds it, transforms applied.
    private mutating func lookUp(_ name: TemplatePlan.Name, in scope: Scope) -> TemplateValue? {
        var found: TemplateValue?
        if name.readsLoop {
            guard let loop = scope.loop else { return nil }
            return transformed(loop, name.transforms)
        }
        switch name.start {
        case .current:
            found = scope.stack.last
        case .currentOnly:
            found = scope.stack.last.flatMap { descend(name.parts[...], from: $0) }
        case .stack:
            guard let first = name.parts.first else {
                found = scope.stack.last
                break
            }
            for value in scope.stack.reversed() {
                if let child = child(named: first, of: value) {
                    found = descend(name.parts.dropFirst(), from: child)
                    break
                }
            }
        }
        guard var value = found else { return nil }
        for transform in name.transforms.reversed() {
            guard let next = transformed(value, transform) else { return nil }
            value = next
        }
        return value
    }

    private mutating func descend(_ parts: ArraySlice<String>, from value: TemplateValue) -> TemplateValue? {
        var value = value
        for part in parts {
            guard let child = child(named: part, of: value) else { return nil }
            value = child
        }
        return value
    }

    /// A dictionary's entry; swift-mustache would read a template value's
    /// own stored properties by these names, which this does not imitate.
    private mutating func child(named name: String, of value: TemplateValue) -> TemplateValue? {
        if case .html = value, name == "tokens" || name == "text" || name == "filename" { unsupported = true }
        return value.child(named: name)
    }

    /// swift-mustache's transforms of each kind of value; nil where it
    /// gives none (the tag then finds nothing).
    private mutating func transformed(_ value: TemplateValue, _ transform: String) -> TemplateValue? {
        switch value {
        case .list(let items):
            switch transform {
            case "empty": return .bool(items.isEmpty)
            case "count": return .integer(items.count)
            case "first": return items.first
            case "last": return items.last
            case "reversed", "sorted": unsupported = true; return nil
            default: return nil
            }
        case .object(let object):
            switch transform {
            case "empty": return .bool(object.isEmpty)
            case "count": return .integer(object.count)
            case "enumerated", "sorted": unsupported = true; return nil
            default: return nil
            }
        case .text(let text):
            switch transform {
            case "empty": return .bool(text.isEmpty)
            case "lowercased": return .text(text.lowercased())
            case "uppercased": return .text(text.uppercased())
            case "capitalized", "reversed": unsupported = true; return nil
            default: return nil
            }
        case .integer(let integer):
            switch transform {
            case "equalzero": return .bool(integer == 0)
            case "plusone": return .integer(integer + 1)
            case "minusone": return .integer(integer - 1)
            case "even": return .bool(integer & 1 == 0)
            case "odd": return .bool(integer & 1 == 1)
            default: return nil
            }
        case .bool, .html:
            return nil
        }
    }

    private mutating func transformed(_ loop: Loop, _ transforms: [String]) -> TemplateValue? {
        // A loop's transform gives a Bool or an Int, which the next
        // transform (if any) reads as such.
        guard let last = transforms.last else { return nil }
        var value: TemplateValue
        switch last {
        case "first": value = .bool(loop.first)
        case "last": value = .bool(loop.last)
        case "index": value = .integer(loop.index)
        case "even": value = .bool(loop.index & 1 == 0)
        case "odd": value = .bool(loop.index & 1 == 1)
        default: return nil
        }
        for transform in transforms.dropLast().reversed() {
            guard let next = transformed(value, transform) else { return nil }
            value = next
        }
        return value
    }

    /// swift-mustache's HTML escape: `< > & " '` by character, so a quote
    /// that a combining mark joins is a character of its own and kept.
    static func appendEscaped(_ text: String, to out: inout String) {
        var text = text
        let simple = text.withUTF8 { bytes -> Bool in
            // Bytes are enough when no special byte has a non-ASCII one
            // beside it (a combining mark after it, a prepended mark
            // before it, would make the two one character).
            for index in bytes.indices where isSpecial(bytes[index]) {
                if index + 1 < bytes.count, bytes[index + 1] >= 0x80 { return false }
                if index > 0, bytes[index - 1] >= 0x80 { return false }
            }
            return true
        }
        guard simple else {
            for character in text {
                switch character {
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "&": out += "&amp;"
                case "\"": out += "&quot;"
                case "'": out += "&#39;"
                default: out.append(character)
                }
            }
            return
        }
        text.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices where isSpecial(bytes[index]) {
                if runStart < index { out += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self) }
                switch bytes[index] {
                case UInt8(ascii: "<"): out += "&lt;"
                case UInt8(ascii: ">"): out += "&gt;"
                case UInt8(ascii: "&"): out += "&amp;"
                case UInt8(ascii: "\""): out += "&quot;"
                default: out += "&#39;"
                }
                runStart = index + 1
            }
            if runStart == 0 {
                out += String(decoding: bytes, as: UTF8.self)
            } else if runStart < bytes.count {
                out += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self)
            }
        }
    }

    @inline(__always)
    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\"")
            || byte == UInt8(ascii: "'")
    }
}
