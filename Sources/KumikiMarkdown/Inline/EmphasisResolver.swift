import KumikiSupport

/// Pairs the emphasis delimiters that `DelimiterShield` hid from cmark, in
/// each run of inline nodes, and turns every other sentinel back into its
/// character.
///
/// The pairing is CommonMark's "process emphasis" procedure (delimiter
/// stack, openers bottom, the rule of three), unchanged; only the flanking
/// test that decides which runs may open or close is the CJK-friendly one
/// (`DelimiterFlanking`). Links, images and code spans were already made by
/// cmark, so a delimiter can neither pair across a link's edge nor inside a
/// code span, exactly as CommonMark says.
///
/// The procedure is iterative; the tree it builds is bounded by
/// `MarkdownLimits.maximumNestingDepth` like the rest of the tree (12,500
/// `*` on each side of a word would otherwise nest 6,250 levels, and every
/// later stage walks the tree recursively). What lies past the bound is
/// left out and reported once per top-level block.
struct EmphasisResolver {
    let shield: DelimiterShield?
    private(set) var diagnostics: [Diagnostic] = []
    /// Top-level blocks whose excess nesting was reported (by cmark's walk
    /// or here), by their start.
    private var reported: Set<SourceLocation>

    init(shield: DelimiterShield?, alreadyReported: [Diagnostic]) {
        self.shield = shield
        self.reported = Set(alreadyReported.compactMap(\.location))
    }

    /// The document with emphasis paired and sentinels restored.
    mutating func resolve(_ document: MarkdownNode) -> MarkdownNode {
        var document = document
        document.children = document.children.map { block in
            resolve(block, ancestors: 1, topLevel: block.start).node
        }
        return document
    }

    /// A node resolved, and its height: how many container levels it holds,
    /// itself included (0 for a leaf).
    private mutating func resolve(_ node: MarkdownNode, ancestors: Int, topLevel: SourceLocation?) -> (node: MarkdownNode, height: Int) {
        var node = node
        node.kind = restored(node.kind)
        guard !node.children.isEmpty else { return (node, Self.isContainer(node.kind) ? 1 : 0) }
        var children: [(node: MarkdownNode, height: Int)] = node.children.map {
            resolve($0, ancestors: ancestors + 1, topLevel: topLevel)
        }
        if node.children.contains(where: { !$0.isBlock }) {
            children = pairEmphasis(in: children, ancestors: ancestors, topLevel: topLevel)
        }
        node.children = children.map(\.node)
        return (node, 1 + (children.map(\.height).max() ?? 0))
    }

    private static func isContainer(_ kind: MarkdownNode.Kind) -> Bool {
        switch kind {
        case .document, .blockQuote, .list, .item, .paragraph, .heading, .emphasis, .strong, .link, .image: true
        default: false
        }
    }

    /// Sentinels in code, raw HTML, URLs and titles stand for the `*` and
    /// `_` the author wrote there.
    private func restored(_ kind: MarkdownNode.Kind) -> MarkdownNode.Kind {
        guard let shield else { return kind }
        switch kind {
        case .codeBlock(let info, let literal, let fence):
            return .codeBlock(info: shield.restore(info), literal: shield.restore(literal), fence: fence)
        case .htmlBlock(let html): return .htmlBlock(shield.restore(html))
        case .code(let code): return .code(shield.restore(code))
        case .htmlInline(let html): return .htmlInline(shield.restore(html))
        case .link(let destination, let title): return .link(destination: shield.restore(destination), title: shield.restore(title))
        case .image(let source, let title): return .image(source: shield.restore(source), title: shield.restore(title))
        default: return kind
        }
    }

    // MARK: - Pairing

    private mutating func pairEmphasis(
        in nodes: [(node: MarkdownNode, height: Int)], ancestors: Int, topLevel: SourceLocation?
    ) -> [(node: MarkdownNode, height: Int)] {
        guard let shield else { return nodes }
        var line = InlineLine(nodes: nodes, shield: shield)
        guard !line.delimiters.isEmpty else { return nodes }
        let room = MarkdownLimits.maximumNestingDepth - ancestors
        var overflowed = false
        line.processEmphasis(room: room, overflowed: &overflowed)
        if overflowed, let topLevel, reported.insert(topLevel).inserted {
            diagnostics.append(.error(MarkdownLimits.nestingMessage, at: topLevel, code: .nestingTooDeep))
        }
        return line.nodes()
    }
}

/// One run of inline siblings as CommonMark's emphasis procedure sees it: a
/// doubly linked list of items (nodes, text, delimiter runs) and a stack of
/// the delimiter runs.
private struct InlineLine {
    enum Content {
        case node(MarkdownNode, height: Int)
        /// A delimiter run; its remaining length is in `delimiters`.
        case run(delimiter: Int)
    }

    struct Item {
        var content: Content
        var previous: Int?
        var next: Int?
    }

    struct Delimiter {
        let item: Int
        let character: Character
        /// The run's length as written (the rule of three uses it).
        let length: Int
        var remaining: Int
        let canOpen: Bool
        let canClose: Bool
        var previous: Int?
        var next: Int?
    }

    private(set) var items: [Item] = []
    private(set) var delimiters: [Delimiter] = []
    private var head: Int?

    init(nodes: [(node: MarkdownNode, height: Int)], shield: DelimiterShield) {
        // Split text on sentinels: a maximal run of one sentinel is a
        // delimiter run, everything else stays text.
        enum Piece { case node(MarkdownNode, Int), text(String), run(Character, Int) }
        var pieces: [Piece] = []
        for (node, height) in nodes {
            guard case .text(let text) = node.kind else {
                pieces.append(.node(node, height))
                continue
            }
            let bytes = Array(text.utf8)
            var start = 0
            var index = 0
            while index < bytes.count {
                guard let character = shield.delimiter(for: bytes[index]) else { index += 1; continue }
                if index > start { pieces.append(.text(String(decoding: bytes[start..<index], as: UTF8.self))) }
                var end = index
                while end < bytes.count, bytes[end] == bytes[index] { end += 1 }
                if case .run(let previous, let count)? = pieces.last, previous == character {
                    pieces[pieces.count - 1] = .run(character, count + end - index)
                } else {
                    pieces.append(.run(character, end - index))
                }
                index = end
                start = end
            }
            if start < bytes.count { pieces.append(.text(String(decoding: bytes[start..<bytes.count], as: UTF8.self))) }
        }

        func lastScalars(_ piece: Piece?) -> (Unicode.Scalar?, Unicode.Scalar?) {
            switch piece {
            case .text(let text)?:
                let scalars = text.unicodeScalars
                return (scalars.last, scalars.count > 1 ? scalars[scalars.index(before: scalars.index(before: scalars.endIndex))] : nil)
            case .run(let character, _)?: return (character.unicodeScalars.first, nil)
            case .node(let node, _)?: return (Self.edge(of: node, leading: false), nil)
            case nil: return (nil, nil)
            }
        }
        func firstScalar(_ piece: Piece?) -> Unicode.Scalar? {
            switch piece {
            case .text(let text)?: return text.unicodeScalars.first
            case .run(let character, _)?: return character.unicodeScalars.first
            case .node(let node, _)?: return Self.edge(of: node, leading: true)
            case nil: return nil
            }
        }

        var lastDelimiter: Int?
        for (index, piece) in pieces.enumerated() {
            let content: Content
            switch piece {
            case .node(let node, let height): content = .node(node, height: height)
            case .text(let text): content = .node(MarkdownNode(.text(text)), height: 0)
            case .run(let character, let count):
                let (before, beforeThat) = lastScalars(index > 0 ? pieces[index - 1] : nil)
                let flanking = DelimiterFlanking(
                    before: before, beforeThat: beforeThat,
                    after: firstScalar(index + 1 < pieces.count ? pieces[index + 1] : nil))
                delimiters.append(Delimiter(
                    item: items.count, character: character, length: count, remaining: count,
                    canOpen: flanking.canOpen(character), canClose: flanking.canClose(character),
                    previous: lastDelimiter, next: nil))
                if let lastDelimiter { delimiters[lastDelimiter].next = delimiters.count - 1 }
                lastDelimiter = delimiters.count - 1
                content = .run(delimiter: delimiters.count - 1)
            }
            items.append(Item(content: content, previous: items.isEmpty ? nil : items.count - 1, next: nil))
            if items.count > 1 { items[items.count - 2].next = items.count - 1 }
        }
        head = items.isEmpty ? nil : 0
    }

    /// The character a delimiter run sees next to an inline node: line
    /// breaks are whitespace; code spans, links, images and raw HTML begin
    /// and end with ASCII punctuation in the source (`` ` ``, `[`, `!`, `<`,
    /// `)`, `]`, `>`).
    private static func edge(of node: MarkdownNode, leading: Bool) -> Unicode.Scalar {
        switch node.kind {
        case .softBreak, .lineBreak: "\n"
        case .code: "`"
        case .htmlInline: leading ? "<" : ">"
        case .image: leading ? "!" : ")"
        case .link: leading ? "[" : ")"
        case .emphasis, .strong: "*"
        default: node.plainText.unicodeScalars.first ?? " "
        }
    }

    // MARK: CommonMark's procedure

    private struct BottomKey: Hashable {
        let character: Character
        let lengthModulo3: Int
        let canOpen: Bool
    }

    mutating func processEmphasis(room: Int, overflowed: inout Bool) {
        var bottoms: [BottomKey: Int] = [:]
        var closer = delimiters.isEmpty ? nil : Optional(0)
        while let current = closer {
            let candidate = delimiters[current]
            guard candidate.canClose else {
                closer = candidate.next
                continue
            }
            let key = BottomKey(character: candidate.character, lengthModulo3: candidate.length % 3, canOpen: candidate.canOpen)
            let bottom = bottoms[key] ?? -1
            var search = candidate.previous
            var found: Int?
            while let index = search, index > bottom {
                let opener = delimiters[index]
                if opener.character == candidate.character && opener.canOpen {
                    let bothCanBoth = candidate.canOpen || opener.canClose
                    let sum = opener.length + candidate.length
                    let oddMatch = bothCanBoth && sum % 3 == 0 && !(opener.length % 3 == 0 && candidate.length % 3 == 0)
                    if !oddMatch { found = index; break }
                }
                search = opener.previous
            }
            guard let opener = found else {
                bottoms[key] = candidate.previous ?? -1
                if !candidate.canOpen { unlinkDelimiter(current) }
                closer = candidate.next
                continue
            }
            let used = delimiters[opener].remaining >= 2 && delimiters[current].remaining >= 2 ? 2 : 1
            wrap(from: opener, to: current, used: used, room: room, overflowed: &overflowed)
            // The delimiters between the two are now literal text.
            delimiters[opener].next = current
            delimiters[current].previous = opener
            delimiters[opener].remaining -= used
            delimiters[current].remaining -= used
            if delimiters[opener].remaining == 0 {
                unlinkItem(delimiters[opener].item)
                unlinkDelimiter(opener)
            }
            if delimiters[current].remaining == 0 {
                let next = delimiters[current].next
                unlinkItem(delimiters[current].item)
                unlinkDelimiter(current)
                closer = next
            }
        }
    }

    /// Puts the items between two delimiters into a new emphasis node
    /// placed between them.
    private mutating func wrap(from opener: Int, to closer: Int, used: Int, room: Int, overflowed: inout Bool) {
        let first = delimiters[opener].item
        let last = delimiters[closer].item
        var children: [MarkdownNode] = []
        var height = 0
        var index = items[first].next
        while let current = index, current != last {
            let (node, nodeHeight) = node(of: items[current])
            Self.append(node, to: &children)
            height = max(height, nodeHeight)
            index = items[current].next
        }
        var emphasis = MarkdownNode(used == 2 ? .strong : .emphasis, children: children)
        height += 1
        if height > room {
            // Past the nesting bound: the content is left out.
            overflowed = true
            emphasis.children = []
            height = 1
        }
        let content: Content = height > room ? .node(MarkdownNode(.text("")), height: 0) : .node(emphasis, height: height)
        items.append(Item(content: content, previous: first, next: last))
        items[first].next = items.count - 1
        items[last].previous = items.count - 1
    }

    private func node(of item: Item) -> (MarkdownNode, Int) {
        switch item.content {
        case .node(let node, let height): return (node, height)
        case .run(let delimiter):
            let run = delimiters[delimiter]
            return (MarkdownNode(.text(String(repeating: run.character, count: run.remaining))), 0)
        }
    }

    private static func append(_ node: MarkdownNode, to nodes: inout [MarkdownNode]) {
        if case .text(let next) = node.kind {
            if next.isEmpty { return }
            if let last = nodes.last, case .text(let previous) = last.kind {
                nodes[nodes.count - 1].kind = .text(previous + next)
                return
            }
        }
        nodes.append(node)
    }

    private mutating func unlinkItem(_ index: Int) {
        let item = items[index]
        if let previous = item.previous { items[previous].next = item.next } else { head = item.next }
        if let next = item.next { items[next].previous = item.previous }
    }

    private mutating func unlinkDelimiter(_ index: Int) {
        let delimiter = delimiters[index]
        if let previous = delimiter.previous { delimiters[previous].next = delimiter.next }
        if let next = delimiter.next { delimiters[next].previous = delimiter.previous }
    }

    /// The items, in order, as nodes with their heights; leftover delimiter
    /// runs are literal text, and adjacent texts are merged.
    func nodes() -> [(node: MarkdownNode, height: Int)] {
        var result: [(node: MarkdownNode, height: Int)] = []
        var index = head
        while let current = index {
            let (node, height) = node(of: items[current])
            if case .text(let next) = node.kind, !result.isEmpty, case .text(let previous) = result[result.count - 1].node.kind {
                result[result.count - 1].node.kind = .text(previous + next)
            } else if case .text(let text) = node.kind, text.isEmpty {
                // An emphasis left out past the nesting bound.
            } else {
                result.append((node, height))
            }
            index = items[current].next
        }
        return result
    }
}
