import Foundation
import KumikiSupport

/// Renders Markdown nodes to HTML.
///
/// Every text is escaped. Raw HTML from the Markdown passes through only
/// when `allowsRawHTML` is set; otherwise it is shown as escaped text, so
/// nothing an author wrote is silently lost and nothing runs. Link and image
/// destinations go through `rewriteURL` (the site uses it to turn
/// `modality.md#sheets` into the built page's address) and then through a
/// scheme check that drops `javascript:` and friends.
public struct HTMLRenderer: Sendable {
    public var allowsRawHTML: Bool
    public var rewriteURL: @Sendable (String) -> String

    public init(allowsRawHTML: Bool = false, rewriteURL: @escaping @Sendable (String) -> String = { $0 }) {
        self.allowsRawHTML = allowsRawHTML
        self.rewriteURL = rewriteURL
    }

    /// The HTML of a block (and its content).
    ///
    /// - Parameter id: an `id` for a heading's element.
    public func render(_ node: MarkdownNode, id: String? = nil) -> String {
        var out = ""
        renderBlock(node, tight: false, id: id, into: &out)
        return out
    }

    /// The HTML of inline nodes.
    public func renderInlines(_ nodes: [MarkdownNode]) -> String {
        var out = ""
        renderInlines(nodes, into: &out)
        return out
    }

    private func renderBlock(_ node: MarkdownNode, tight: Bool, id: String?, into out: inout String) {
        switch node.kind {
        case .document:
            for child in node.children { renderBlock(child, tight: false, id: nil, into: &out) }
        case .paragraph:
            if tight {
                renderInlines(node.children, into: &out)
            } else {
                out += "<p>"
                renderInlines(node.children, into: &out)
                out += "</p>\n"
            }
        case .heading(let level):
            let attribute = id.map { " id=\"\($0.htmlEscaped)\"" } ?? ""
            out += "<h\(level)\(attribute)>"
            renderInlines(node.children, into: &out)
            out += "</h\(level)>\n"
        case .blockQuote:
            out += "<blockquote>\n"
            for child in node.children { renderBlock(child, tight: false, id: nil, into: &out) }
            out += "</blockquote>\n"
        case .list(let style):
            if style.ordered {
                out += style.start == 1 ? "<ol>\n" : "<ol start=\"\(style.start)\">\n"
            } else {
                out += "<ul>\n"
            }
            for item in node.children {
                out += "<li>"
                for (index, child) in item.children.enumerated() {
                    if style.tight, index > 0 { out += "\n" }
                    renderBlock(child, tight: style.tight, id: nil, into: &out)
                }
                out += "</li>\n"
            }
            out += style.ordered ? "</ol>\n" : "</ul>\n"
        case .item:
            out += "<li>"
            for child in node.children { renderBlock(child, tight: tight, id: nil, into: &out) }
            out += "</li>\n"
        case .codeBlock(let info, let literal, _):
            let language = info.split(separator: " ").first.map(String.init) ?? ""
            let attribute = language.isEmpty ? "" : " class=\"language-\(language.htmlEscaped)\""
            out += "<pre><code\(attribute)>\(literal.htmlEscaped)</code></pre>\n"
        case .htmlBlock(let html):
            if allowsRawHTML {
                out += html
            } else if !html.isHTMLComment {
                out += "<p class=\"raw-html\">\(html.htmlEscaped)</p>\n"
            }
        case .thematicBreak:
            out += "<hr>\n"
        default:
            renderInlines([node], into: &out)
        }
    }

    private func renderInlines(_ nodes: [MarkdownNode], into out: inout String) {
        for (index, node) in nodes.enumerated() {
            switch node.kind {
            case .text(let text):
                out += text.htmlEscaped
            case .softBreak:
                // Between two Chinese or Japanese characters a line break
                // is not a space: they have no spaces between words.
                // (Korean has, so Hangul keeps the break.)
                if joinsAcrossBreak(before: index > 0 ? nodes[index - 1] : nil, after: index + 1 < nodes.count ? nodes[index + 1] : nil) {
                    continue
                }
                out += "\n"
            case .lineBreak:
                out += "<br>\n"
            case .code(let code):
                out += "<code>\(code.htmlEscaped)</code>"
            case .htmlInline(let html):
                if allowsRawHTML {
                    out += html
                } else if !html.isHTMLComment {
                    out += html.htmlEscaped
                }
            case .emphasis:
                renderInlines(node.children, in: "em", into: &out)
            case .strong:
                renderInlines(node.children, in: "strong", into: &out)
            case .link(let destination, let title):
                let titled = title.isEmpty ? "" : " title=\"\(title.htmlEscaped)\""
                renderInlines(node.children, in: "a", attributes: " href=\"\(safeURL(destination).htmlEscaped)\"\(titled)", into: &out)
            case .image(let source, let title):
                out += "<img src=\"\(safeURL(source, image: true).htmlEscaped)\" alt=\"\(node.plainText.htmlEscaped)\""
                if !title.isEmpty { out += " title=\"\(title.htmlEscaped)\"" }
                out += " loading=\"lazy\">"
            default:
                renderBlock(node, tight: false, id: nil, into: &out)
            }
        }
    }

    /// The nodes inside the element `name` (with `attributes`, each
    /// starting with a space).
    private func renderInlines(_ nodes: [MarkdownNode], in name: String, attributes: String = "", into out: inout String) {
        out += "<\(name)\(attributes)>"
        renderInlines(nodes, into: &out)
        out += "</\(name)>"
    }

    /// The destination rewritten and percent-encoded, or `#` when its
    /// scheme could run code.
    private func safeURL(_ url: String, image: Bool = false) -> String {
        let rewritten = rewriteURL(url)
        let lowered = rewritten.lowercased().filter { !$0.isWhitespace && !$0.isASCIIControl }
        for scheme in ["javascript:", "vbscript:", "file:"] where lowered.hasPrefix(scheme) { return "#" }
        if lowered.hasPrefix("data:") {
            let allowed = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
            return image && allowed.contains(where: lowered.hasPrefix) ? rewritten.percentEncodedForHref : "#"
        }
        return rewritten.percentEncodedForHref
    }

    /// Whether a soft line break between these nodes joins CJK text: the
    /// characters on both sides are CJK and not Hangul. A variation
    /// selector at the end of the line is read with the character it
    /// modifies.
    private func joinsAcrossBreak(before: MarkdownNode?, after: MarkdownNode?) -> Bool {
        guard let before, let after, let next = after.plainText.unicodeScalars.first, next.joinsAcrossLineBreaks else {
            return false
        }
        var scalars = before.plainText.unicodeScalars.reversed().makeIterator()
        var last = scalars.next()
        while let selector = last, selector.isGeneralVariationSelector || selector.isIdeographicVariationSelector {
            last = scalars.next()
        }
        return last?.joinsAcrossLineBreaks == true
    }
}

extension Character {
    fileprivate var isASCIIControl: Bool {
        guard let ascii = asciiValue else { return false }
        return ascii < 0x20 || ascii == 0x7F
    }
}

extension String {
    /// Whether raw HTML is only a comment: an author's note that is left out
    /// of the page when raw HTML is off, instead of being shown as text.
    public var isHTMLComment: Bool {
        let trimmed = trimmingWhitespace
        return trimmed.hasPrefix("<!--") && trimmed.hasSuffix("-->")
    }
}
