/// Turns literal `**…**` and `*…*` left by CommonMark next to Japanese
/// brackets into emphasis.
///
/// CommonMark decides whether `**` can open or close emphasis from the
/// characters around it. In `これは**「強調」**です。` the closing `**` sits
/// between `」` (punctuation) and `で` (a letter), so it is not
/// "right-flanking" and cmark prints the asterisks. Writers of Japanese meet
/// this all the time. The repair pairs such leftover delimiters within one
/// run of inline siblings, but only where a Japanese character touches a
/// delimiter, so English text keeps CommonMark's exact behaviour.
enum EmphasisRepair {
    static func repair(_ node: MarkdownNode) -> MarkdownNode {
        var node = node
        node.children = node.children.map(repair)
        if node.children.contains(where: { !$0.isBlock }) {
            node.children = repairInlines(mergeTexts(node.children))
        }
        return node
    }

    /// Adjacent text nodes merged, so a delimiter and its neighbours are seen
    /// together.
    static func mergeTexts(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
        var result: [MarkdownNode] = []
        for node in nodes {
            if case .text(let next) = node.kind, let last = result.last, case .text(let previous) = last.kind {
                result[result.count - 1].kind = .text(previous + next)
            } else {
                result.append(node)
            }
        }
        return result
    }

    private enum Token {
        case node(MarkdownNode)
        case text(String)
        case delimiter(Int)
    }

    private static func tokens(_ nodes: [MarkdownNode]) -> [Token] {
        var result: [Token] = []
        for node in nodes {
            guard case .text(let text) = node.kind, text.contains("*") else {
                result.append(.node(node))
                continue
            }
            var buffer = ""
            var stars = 0
            for character in text {
                if character == "*" {
                    if !buffer.isEmpty { result.append(.text(buffer)); buffer = "" }
                    stars += 1
                } else {
                    if stars > 0 { result.append(.delimiter(stars)); stars = 0 }
                    buffer.append(character)
                }
            }
            if stars > 0 { result.append(.delimiter(stars)) }
            if !buffer.isEmpty { result.append(.text(buffer)) }
        }
        return result
    }

    private static func lastScalar(_ token: Token?) -> Unicode.Scalar? {
        switch token {
        case .text(let s): return s.unicodeScalars.last
        case .node(let n): return n.plainText.unicodeScalars.last
        default: return nil
        }
    }

    private static func firstScalar(_ token: Token?) -> Unicode.Scalar? {
        switch token {
        case .text(let s): return s.unicodeScalars.first
        case .node(let n): return n.plainText.unicodeScalars.first
        default: return nil
        }
    }

    private static func repairInlines(_ nodes: [MarkdownNode]) -> [MarkdownNode] {
        let tokens = tokens(nodes)
        guard tokens.contains(where: { if case .delimiter = $0 { true } else { false } }) else { return nodes }
        return build(tokens[...])
    }

    /// Builds nodes from tokens, pairing delimiters left to right.
    private static func build(_ tokens: ArraySlice<Token>) -> [MarkdownNode] {
        var result: [MarkdownNode] = []
        var index = tokens.startIndex
        func appendText(_ s: String) {
            if let last = result.last, case .text(let previous) = last.kind {
                result[result.count - 1].kind = .text(previous + s)
            } else {
                result.append(MarkdownNode(.text(s)))
            }
        }
        while index < tokens.endIndex {
            switch tokens[index] {
            case .node(let node): result.append(node)
            case .text(let text): appendText(text)
            case .delimiter(let count):
                if count <= 2, let close = matchingCloser(in: tokens, opener: index, count: count) {
                    let inner = build(tokens[(index + 1)..<close])
                    result.append(MarkdownNode(count == 2 ? .strong : .emphasis, children: inner))
                    index = close
                } else {
                    appendText(String(repeating: "*", count: count))
                }
            }
            index += 1
        }
        return result
    }

    private static func matchingCloser(in tokens: ArraySlice<Token>, opener: Int, count: Int) -> Int? {
        let after = opener + 1 < tokens.endIndex ? tokens[opener + 1] : nil
        guard let inside = firstScalar(after), !inside.properties.isWhitespace else { return nil }
        let before = opener > tokens.startIndex ? lastScalar(tokens[opener - 1]) : nil
        var index = opener + 2
        while index < tokens.endIndex {
            if case .delimiter(let c) = tokens[index], c == count {
                guard let last = lastScalar(tokens[index - 1]), !last.properties.isWhitespace else { return nil }
                let following = index + 1 < tokens.endIndex ? firstScalar(tokens[index + 1]) : nil
                let touchesJapanese = [before, inside, last, following].contains { $0?.isJapanese == true }
                return touchesJapanese ? index : nil
            }
            index += 1
        }
        return nil
    }
}
