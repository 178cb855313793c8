import Foundation
import KumikiSupport

/// A minimal reader of the HTML Kumiki writes, enough to check structure:
/// elements with their attributes and element children. Text is ignored.
///
/// Kumiki's renderer closes every element it opens, so a plain tag walk is
/// enough; a closing tag that matches no open element is recorded as a
/// problem instead of being guessed around.
struct HTMLElement {
    var name: String
    var attributes: [String: String]
    var children: [HTMLElement] = []

    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
    var lang: String? { attributes["lang"] }

    /// This element and every element below it, in document order.
    var all: [HTMLElement] { [self] + children.flatMap(\.all) }
}

struct HTMLTree {
    var root: HTMLElement
    /// Closing tags that matched no open element, and elements never closed.
    var problems: [String]

    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
    private static let tag = try! NSRegularExpression(pattern: "<(/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\\s+[^\\s=>/]+(?:=\"[^\"]*\")?)*)\\s*/?>")
    private static let attribute = try! NSRegularExpression(pattern: "([^\\s=>/]+)(?:=\"([^\"]*)\")?")

    init(parsing html: String) {
        var stack = [HTMLElement(name: "#document", attributes: [:])]
        var problems: [String] = []
        // Comments, the doctype and text inside <pre> hold no tags Kumiki wrote.
        let text = html.replacingOccurrences(of: "<!--[\\s\\S]*?-->", with: "", options: .regularExpression)
        let ns = text as NSString
        for match in Self.tag.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let closing = ns.substring(with: match.range(at: 1)) == "/"
            let name = ns.substring(with: match.range(at: 2)).lowercased()
            if closing {
                guard let index = stack.lastIndex(where: { $0.name == name }), index > 0 else {
                    problems.append("</\(name)> closes nothing")
                    continue
                }
                while stack.count > index {
                    let element = stack.removeLast()
                    if stack.count > index { problems.append("<\(element.name)> is never closed") }
                    stack[stack.count - 1].children.append(element)
                }
                continue
            }
            var attributes: [String: String] = [:]
            let attributeText = ns.substring(with: match.range(at: 3))
            let attributeNS = attributeText as NSString
            for attribute in Self.attribute.matches(in: attributeText, range: NSRange(location: 0, length: attributeNS.length)) {
                let key = attributeNS.substring(with: attribute.range(at: 1)).lowercased()
                let value = attribute.range(at: 2).location == NSNotFound ? "" : attributeNS.substring(with: attribute.range(at: 2))
                attributes[key] = value
            }
            let element = HTMLElement(name: name, attributes: attributes)
            // `<rect …/>`: SVG inside HTML may close an element in its own tag.
            if Self.voidElements.contains(name) || ns.substring(with: match.range).hasSuffix("/>") {
                stack[stack.count - 1].children.append(element)
            } else {
                stack.append(element)
            }
        }
        while stack.count > 1 {
            let element = stack.removeLast()
            problems.append("<\(element.name)> is never closed")
            stack[stack.count - 1].children.append(element)
        }
        root = stack[0]
        self.problems = problems
    }

    /// Every element with `name` carrying `className`.
    func elements(_ name: String? = nil, class className: String? = nil) -> [HTMLElement] {
        root.all.filter { element in
            (name == nil || element.name == name) && (className.map { element.classes.contains($0) } ?? true)
        }
    }

    /// The values of every `href` and `src` attribute.
    var links: [String] {
        root.all.flatMap { element in [element.attributes["href"], element.attributes["src"]].compactMap { $0 } }
    }
}

/// `target` resolved against the folder of the site file `page`, as a path
/// from the site root, or `nil` for a link that leaves the site (a scheme,
/// `//`, a root-relative path) or climbs above its root.
func sitePath(of target: String, from page: String) -> String? {
    var path = target
    if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = String(path[..<cut]) }
    if path.isEmpty { return page }
    if path.hasPrefix("/") || path.contains(":") { return nil }
    guard let joined = RelativePath.resolve(path, from: page) else { return nil }
    return path.hasSuffix("/") ? joined + "/index.html" : joined
}
