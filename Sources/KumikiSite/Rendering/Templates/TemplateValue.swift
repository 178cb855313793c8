import Mustache

/// A value the templates see, typed: what a Mustache tag does with it is
/// decided by a `switch`, where swift-mustache decides it by casting an
/// `Any` to one protocol after another on every tag of every page (a
/// quarter of a text build went to those casts and to looking names up
/// through them).
///
/// Each case renders exactly as swift-mustache renders the Swift value it
/// stands for (`TemplatePlan`); a value that has no case here makes the
/// render fall back to swift-mustache.
indirect enum TemplateValue: Sendable {
    /// A string: escaped by `{{…}}`, truthy in a section even when empty.
    case text(String)
    /// Text already escaped for HTML (`HTMLReadyText`): written as it is.
    case html(String)
    case bool(Bool)
    /// An integer, written in decimal.
    case integer(Int)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// The value a context of the build's `[String: Any]` holds, or nil
    /// when it holds something this enum cannot stand for exactly.
    init?(_ value: Any) {
        switch value {
        case let string as String: self = .text(string)
        case let ready as TemplateValue: self = ready
        case let bool as Bool: self = .bool(bool)
        case let integer as Int: self = .integer(integer)
        case let template as MustacheTemplate:
            // `HTMLReadyText`'s: escaped text without tags or line breaks,
            // which swift-mustache writes as the template's own text.
            let text = template.description
            guard !text.contains("{{"), !text.contains("\n") else { return nil }
            self = .html(text)
        case let dictionary as [String: Any]:
            var object: [String: TemplateValue] = [:]
            object.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                guard let converted = TemplateValue(element) else { return nil }
                object[key] = converted
            }
            self = .object(object)
        case let array as [Any]:
            var list: [TemplateValue] = []
            list.reserveCapacity(array.count)
            for element in array {
                guard let converted = TemplateValue(element) else { return nil }
                list.append(converted)
            }
            self = .list(list)
        default:
            return nil
        }
    }

    /// The value as swift-mustache takes it, for a page that falls back to
    /// it: strings, booleans, integers, arrays and dictionaries, and escaped
    /// text as a template of that text (as `HTMLReadyText` gives it).
    var mustacheValue: Any {
        switch self {
        case .text(let text): text
        case .html(let html): (try? MustacheTemplate(string: html)) ?? html
        case .bool(let bool): bool
        case .integer(let integer): integer
        case .list(let list): list.map(\.mustacheValue)
        case .object(let object): object.mapValues(\.mustacheValue)
        }
    }

    /// A context for swift-mustache: every `TemplateValue` inside it
    /// given as `mustacheValue`.
    static func mustacheContext(_ value: Any) -> Any {
        switch value {
        case let typed as TemplateValue: typed.mustacheValue
        case let dictionary as [String: Any]: dictionary.mapValues(mustacheContext)
        case let array as [Any]: array.map(mustacheContext)
        default: value
        }
    }

    /// A child by name, as swift-mustache finds one: only a dictionary has
    /// children among these values.
    @inline(__always)
    func child(named name: String) -> TemplateValue? {
        if case .object(let object) = self { return object[name] }
        return nil
    }
}
