import Mustache

/// A template as a tree of nodes that render `TemplateValue`s, made once
/// from the template swift-mustache parsed: the parse (tags, standalone
/// lines, partials' indentation, inheritance) stays swift-mustache's own, so
/// a theme means what it meant; only rendering is Kumiki's. Each name is
/// split at its dots here, once, instead of on every tag of every page.
///
/// The tree is read off the parsed template's structure (`Mirror`), which
/// is swift-mustache's internal form: a form this does not know makes the
/// whole library render through swift-mustache instead
/// (`TemplateLibrary`), and a test renders every built-in template both
/// ways.
struct TemplatePlan: Sendable {
    var nodes: [Node]

    /// A name as a tag writes it: `.` (the current value), `.a.b` (from the
    /// current value only), `a.b` (found up the context stack).
    struct Name: Sendable {
        enum Start: Sendable { case current, currentOnly, stack }
        var start: Start
        var parts: [String]
        /// The transforms to apply, innermost last (`empty(.)` → `["empty"]`).
        var transforms: [String]
        /// A sequence transform with no name (`first()`): reads the loop.
        var readsLoop: Bool

        init(_ text: String, transforms: [String]) {
            self.transforms = transforms
            readsLoop = text.isEmpty && !transforms.isEmpty
            if text == "." {
                (start, parts) = (.current, [])
            } else if text.first == "." {
                (start, parts) = (.currentOnly, text.split(separator: ".").map(String.init))
            } else {
                (start, parts) = (.stack, text.split(separator: ".").map(String.init))
            }
        }
    }

    enum Node: Sendable {
        case text(String)
        case variable(Name, escaped: Bool)
        case section(Name, TemplatePlan)
        case invertedSection(Name, TemplatePlan)
        /// `{{$name}}default{{/name}}` where it is expanded.
        case block(String, default: TemplatePlan, indentation: String?)
        /// `{{> name}}`, or `{{< name}}…{{/name}}` with its blocks.
        case partial(String, indentation: String?, blocks: [String: TemplatePlan]?)
    }

    /// The plan of a parsed template, or nil when it holds a form this
    /// renderer does not know (a dynamic partial, a content-type pragma).
    init?(_ template: MustacheTemplate) {
        guard let tokens = Mirror(reflecting: template).children.first(where: { $0.label == "tokens" })?.value as? [Any]
        else { return nil }
        var nodes: [Node] = []
        nodes.reserveCapacity(tokens.count)
        for token in tokens {
            guard let node = Self.node(token) else { return nil }
            nodes.append(node)
        }
        self.nodes = nodes
    }

    private init(nodes: [Node]) { self.nodes = nodes }

    /// One token of swift-mustache's parse as a node.
    private static func node(_ token: Any) -> Node? {
        let mirror = Mirror(reflecting: token)
        guard mirror.displayStyle == .enum, let the = mirror.children.first, let kind = the.label else { return nil }
        let fields = Dictionary(Mirror(reflecting: the.value).children.compactMap { child in child.label.map { ($0, child.value) } },
                                uniquingKeysWith: { first, _ in first })
        func name() -> Name? {
            guard let name = fields["name"] as? String, let transforms = fields["transforms"] as? [String] else { return nil }
            return Name(name, transforms: transforms)
        }
        func plan(_ key: String) -> TemplatePlan? {
            (fields[key] as? MustacheTemplate).flatMap(TemplatePlan.init)
        }
        /// The token's `indentation: String?`: `.some(nil)` for none, `.none`
        /// when the field is missing or of another type.
        func indentation() -> String?? {
            guard let value = fields["indentation"] else { return .none }
            if let text = value as? String { return .some(text) }
            let optional = Mirror(reflecting: value)
            return optional.displayStyle == .optional && optional.children.isEmpty ? .some(nil) : .none
        }
        switch kind {
        case "text":
            return (the.value as? String).map(Node.text)
        case "variable", "unescapedVariable":
            return name().map { Node.variable($0, escaped: kind == "variable") }
        case "section", "invertedSection":
            guard let name = name(), let body = plan("template") else { return nil }
            return kind == "section" ? .section(name, body) : .invertedSection(name, body)
        case "blockExpansion":
            guard let name = fields["name"] as? String, let body = plan("default"), let indentation = indentation() else { return nil }
            return .block(name, default: body, indentation: indentation)
        case "partial":
            guard let name = fields[".0"] as? String, let indentation = indentation(), let inherits = fields["inherits"] else { return nil }
            let optional = Mirror(reflecting: inherits)
            guard optional.displayStyle == .optional else { return nil }
            guard let wrapped = optional.children.first?.value else { return .partial(name, indentation: indentation, blocks: nil) }
            guard let templates = wrapped as? [String: MustacheTemplate] else { return nil }
            var blocks: [String: TemplatePlan] = [:]
            for (block, template) in templates {
                guard let plan = TemplatePlan(template) else { return nil }
                blocks[block] = plan
            }
            return .partial(name, indentation: indentation, blocks: blocks)
        default:
            // blockDefinition never renders; dynamic partials and content
            // types are left to swift-mustache.
            return nil
        }
    }
}
