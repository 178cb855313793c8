import CCmark
import KumikiSupport

/// The one place that talks to libcmark.
///
/// It parses with source positions on, walks cmark's tree once with an
/// explicit stack (deeply nested input cannot overflow the call stack),
/// builds `MarkdownNode` values, and frees every cmark object before it
/// returns. No C pointer leaves this file.
enum CmarkConverter {
    /// Parses CommonMark text into a node tree.
    ///
    /// Raw HTML is always parsed as HTML nodes; whether it reaches the page
    /// is the renderer's decision.
    ///
    /// Containers nested deeper than `MarkdownLimits.maximumNestingDepth`
    /// are not converted: the walk skips their whole subtree and reports
    /// it. Every later stage (emphasis repair, segmenting, rendering, plain
    /// text, even releasing the tree) walks the node tree recursively, so the
    /// bound here is what keeps a line of 12,000 `>` from overflowing the
    /// stack.
    static func parse(_ source: SourceText) -> (root: MarkdownNode, diagnostics: [Diagnostic]) {
        let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_UNSAFE
        let utf8 = Array(source.text.utf8)
        guard let root = utf8.withUnsafeBufferPointer({ buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    cmark_parse_document($0, buffer.count, options)
                }
            } ?? cmark_parse_document("", 0, options)
        }) else {
            return (MarkdownNode(.document), [])
        }
        defer { cmark_node_free(root) }

        // Each frame collects the children of a container that is open.
        var stack: [(node: OpaquePointer, children: [MarkdownNode])] = []
        var result = MarkdownNode(.document)
        var diagnostics: [Diagnostic] = []
        // The top-level block whose excess nesting was reported: one error
        // per block is enough to find it.
        var reportedBlock: OpaquePointer?
        var columns = ColumnCursor()
        guard let iterator = cmark_iter_new(root) else { return (result, []) }
        defer { cmark_iter_free(iterator) }

        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let isLeaf = cmark_node_first_child(node) == nil && !isContainer(node)
            if event == CMARK_EVENT_ENTER && !isLeaf {
                // The document is the first frame, so the count of open
                // frames is the depth of this container below it.
                if stack.count > MarkdownLimits.maximumNestingDepth {
                    let block = stack.count > 1 ? stack[1].node : node
                    if reportedBlock != block {
                        reportedBlock = block
                        diagnostics.append(.error(
                            MarkdownLimits.nestingMessage,
                            at: location(of: node, within: stack.map(\.node), source: source, columns: &columns), code: .nestingTooDeep))
                    }
                    // Resume after this container's exit, so cmark's
                    // iterator never descends into it.
                    cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
                    continue
                }
                stack.append((node, []))
                continue
            }
            let children: [MarkdownNode]
            if event == CMARK_EVENT_EXIT, let frame = stack.popLast() {
                children = frame.children
            } else {
                children = []
            }
            let converted = makeNode(node, children: children, source: source, columns: &columns)
            if stack.isEmpty {
                result = converted
            } else {
                stack[stack.count - 1].children.append(converted)
            }
        }
        return (result, diagnostics)
    }

    /// Where a node starts, or, for inline nodes cmark gives no position,
    /// where the innermost enclosing node with one starts.
    private static func location(of node: OpaquePointer, within ancestors: [OpaquePointer], source: SourceText,
                                 columns: inout ColumnCursor) -> SourceLocation {
        for candidate in [node] + ancestors.reversed() {
            let line = Int(cmark_node_get_start_line(candidate))
            if line > 0 {
                return columns.location(in: source, line: line, byteColumn: max(1, Int(cmark_node_get_start_column(candidate))))
            }
        }
        return SourceLocation(file: source.path, line: 1)
    }

    /// Containers get ENTER and EXIT events even when empty.
    private static func isContainer(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM,
             CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING, CMARK_NODE_EMPH, CMARK_NODE_STRONG,
             CMARK_NODE_LINK, CMARK_NODE_IMAGE, CMARK_NODE_CUSTOM_BLOCK, CMARK_NODE_CUSTOM_INLINE:
            return true
        default:
            return false
        }
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private static func makeNode(_ node: OpaquePointer, children: [MarkdownNode], source: SourceText,
                                 columns: inout ColumnCursor) -> MarkdownNode {
        let kind: MarkdownNode.Kind
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: kind = .document
        case CMARK_NODE_BLOCK_QUOTE: kind = .blockQuote
        case CMARK_NODE_LIST:
            kind = .list(MarkdownNode.ListStyle(
                ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)),
                tight: cmark_node_get_list_tight(node) != 0))
        case CMARK_NODE_ITEM: kind = .item
        case CMARK_NODE_CODE_BLOCK:
            let line = source.line(Int(cmark_node_get_start_line(node)))
            kind = .codeBlock(
                info: string(cmark_node_get_fence_info(node)),
                literal: string(cmark_node_get_literal(node)),
                fence: openingFence(in: line))
        case CMARK_NODE_HTML_BLOCK: kind = .htmlBlock(string(cmark_node_get_literal(node)))
        case CMARK_NODE_PARAGRAPH: kind = .paragraph
        case CMARK_NODE_HEADING: kind = .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: kind = .thematicBreak
        case CMARK_NODE_TEXT: kind = .text(string(cmark_node_get_literal(node)))
        case CMARK_NODE_SOFTBREAK: kind = .softBreak
        case CMARK_NODE_LINEBREAK: kind = .lineBreak
        case CMARK_NODE_CODE: kind = .code(string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_INLINE: kind = .htmlInline(string(cmark_node_get_literal(node)))
        case CMARK_NODE_EMPH: kind = .emphasis
        case CMARK_NODE_STRONG: kind = .strong
        case CMARK_NODE_LINK:
            kind = .link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE:
            kind = .image(source: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        default:
            // Custom nodes never come out of the parser; keep their content.
            kind = .paragraph
        }
        let line = Int(cmark_node_get_start_line(node))
        let column = Int(cmark_node_get_start_column(node))
        let endLine = Int(cmark_node_get_end_line(node))
        let start = line > 0 ? columns.location(in: source, line: line, byteColumn: max(1, column)) : nil
        return MarkdownNode(kind, children: children, start: start, endLine: endLine > 0 ? endLine : nil)
    }

    /// The fence (its character repeated) that opens a fenced code block on
    /// this line, or `nil` when the line opens indented code.
    static func openingFence(in line: Substring) -> String? {
        var rest = line.drop { $0 == " " || $0 == ">" || $0 == "\t" }
        // List markers may precede the fence on the same line.
        if let first = rest.first, "-*+".contains(first), rest.dropFirst().first == " " {
            rest = rest.dropFirst(2).drop { $0 == " " }
        }
        guard let marker = rest.first, marker == "`" || marker == "~" else { return nil }
        let fence = rest.prefix { $0 == marker }
        return fence.count >= 3 ? String(fence) : nil
    }
}
