import KumikiSupport

/// One node of a parsed Markdown document: a plain value tree built in one
/// pass over cmark's tree, so nothing outside the converter holds C memory.
public struct MarkdownNode: Sendable, Hashable {
    /// What the node is, with the data each kind carries.
    public enum Kind: Sendable, Hashable {
        case document
        case blockQuote
        case list(ListStyle)
        case item
        /// A code block. `info` is the fence's info string (empty for
        /// indented code); `fence` is the opening fence (```` ``` ```` or
        /// `~~~`, with its length) or `nil` for indented code.
        case codeBlock(info: String, literal: String, fence: String?)
        case htmlBlock(String)
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case text(String)
        case softBreak
        case lineBreak
        case code(String)
        case htmlInline(String)
        case emphasis
        case strong
        case link(destination: String, title: String)
        case image(source: String, title: String)
    }

    /// The numbering of a list; only the converter makes one (its memberwise
    /// initialiser is internal).
    public struct ListStyle: Sendable, Hashable {
        public var ordered: Bool
        public var start: Int
        public var tight: Bool
    }

    public var kind: Kind
    public var children: [MarkdownNode]
    /// Where the node starts in its file; `nil` for nodes made in code and
    /// for inline nodes (cmark reports no positions for most of them).
    public var start: SourceLocation?
    /// The last line the node covers.
    public var endLine: Int?

    public init(_ kind: Kind, children: [MarkdownNode] = [], start: SourceLocation? = nil, endLine: Int? = nil) {
        self.kind = kind
        self.children = children
        self.start = start
        self.endLine = endLine
    }

    /// The text a reader sees, with inline markup removed (code spans
    /// included, images by their alternative text).
    public var plainText: String {
        switch kind {
        case .text(let s), .code(let s): return s
        case .softBreak, .lineBreak: return " "
        case .htmlInline: return ""
        case .codeBlock(_, let literal, _): return literal
        default:
            var out = ""
            appendPlainText(to: &out)
            return out
        }
    }

    /// The text a reader sees when raw HTML is shown as text (a site
    /// without `raw_html`): `plainText` with the HTML as written.
    public var plainTextShowingHTML: String {
        var out = ""
        appendPlainText(to: &out, showingHTML: true)
        return out
    }

    /// Appends `plainText` to `out`: one string for the whole tree, where
    /// making each child's text first and appending it copied every text
    /// once per level above it (search indexes every row of a site this
    /// way). `showingHTML` keeps raw HTML as the page shows it, as text.
    private func appendPlainText(to out: inout String, showingHTML: Bool = false) {
        switch kind {
        case .text(let s), .code(let s): out += s
        case .softBreak, .lineBreak: out += " "
        case .htmlInline(let html): if showingHTML { out += html }
        case .htmlBlock(let html) where showingHTML:
            out += html.hasSuffix("\n") ? String(html.dropLast()) : html
        case .codeBlock(_, let literal, _): out += literal
        default:
            // A space between blocks, once this node has text of its own.
            let start = out.utf8.count
            for child in children {
                if out.utf8.count > start, child.isBlock { out += " " }
                child.appendPlainText(to: &out, showingHTML: showingHTML)
            }
        }
    }

    /// Whether the node is a block (as opposed to inline content).
    public var isBlock: Bool {
        switch kind {
        case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .paragraph, .heading, .thematicBreak:
            return true
        default:
            return false
        }
    }
}
