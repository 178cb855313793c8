/// Pairs the English and Japanese blocks of a page into rows.
///
/// The rules, in the order they apply:
/// 1. Each top-level block is classified by `ScriptClassifier` as English,
///    Japanese or neutral. Code blocks, thematic breaks and HTML blocks are
///    always neutral.
/// 2. A heading written `English(日本語)` (or with full-width parentheses)
///    on one line is split into an English and a Japanese heading.
/// 3. A list whose items switch language part-way (English items, then as
///    many Japanese items) or alternate item by item is split into an
///    English and a Japanese list.
/// 4. A run of consecutive blocks in one language, followed directly by a
///    run in the other, pairs position by position while the blocks are of
///    the same kind (a paragraph with a paragraph, an `h2` with an `h2`, a
///    bulleted list with a bulleted list). Either language may come first.
/// 5. A neutral block spans both columns and ends a run. Anything left
///    without a partner is marked untranslated.
public enum BilingualSegmenter {
    public static func segment(_ blocks: [MarkdownNode]) -> [BilingualSegment] {
        let expanded = blocks.flatMap(expand)
        var segments: [BilingualSegment] = []
        var index = 0
        while index < expanded.count {
            let (node, script) = expanded[index]
            if script == .neutral {
                segments.append(.span(node))
                index += 1
                continue
            }
            let first = run(in: expanded, from: index, script: script)
            let other: Script = script == .english ? .japanese : .english
            let second = run(in: expanded, from: first.upperBound, script: other)
            var paired = 0
            while paired < min(first.count, second.count),
                  kindKey(expanded[first.lowerBound + paired].node) == kindKey(expanded[second.lowerBound + paired].node) {
                paired += 1
            }
            for offset in 0..<first.count {
                let a = expanded[first.lowerBound + offset].node
                if offset < paired {
                    let b = expanded[second.lowerBound + offset].node
                    segments.append(script == .english ? .row(english: a, japanese: b) : .row(english: b, japanese: a))
                } else {
                    segments.append(.untranslated(a, script))
                }
            }
            if paired == 0 {
                // The second run starts a new search: it may pair with what
                // follows it.
                index = first.upperBound
            } else {
                for offset in paired..<second.count {
                    segments.append(.untranslated(expanded[second.lowerBound + offset].node, other))
                }
                index = second.upperBound
            }
        }
        return segments
    }

    /// The script of a top-level block.
    public static func script(of node: MarkdownNode) -> Script {
        switch node.kind {
        case .codeBlock, .thematicBreak, .htmlBlock:
            return .neutral
        default:
            return ScriptClassifier.classify(proseText(node))
        }
    }

    /// The text that decides the script: what a reader reads, without code
    /// spans (identifiers are not English) and without link destinations.
    static func proseText(_ node: MarkdownNode) -> String {
        switch node.kind {
        case .text(let s): return s
        case .code, .htmlInline, .codeBlock, .htmlBlock: return " "
        case .softBreak, .lineBreak: return " "
        default: return node.children.map(proseText).joined(separator: " ")
        }
    }

    private static func run(in blocks: [(node: MarkdownNode, script: Script)], from start: Int, script: Script) -> Range<Int> {
        var end = start
        while end < blocks.count, blocks[end].script == script { end += 1 }
        return start..<end
    }

    /// What must match for two blocks to be translations of each other.
    private static func kindKey(_ node: MarkdownNode) -> String {
        switch node.kind {
        case .heading(let level): return "h\(level)"
        case .list(let style): return style.ordered ? "ol" : "ul"
        case .paragraph: return "p"
        case .blockQuote: return "blockquote"
        default: return "other"
        }
    }

    /// A block, or the two blocks rules 2 and 3 split it into.
    private static func expand(_ node: MarkdownNode) -> [(node: MarkdownNode, script: Script)] {
        if let (english, japanese) = splitHeading(node) {
            return [(english, .english), (japanese, .japanese)]
        }
        if let (english, japanese) = splitList(node) {
            return [(english, .english), (japanese, .japanese)]
        }
        return [(node, script(of: node))]
    }

    static func splitHeading(_ node: MarkdownNode) -> (MarkdownNode, MarkdownNode)? {
        guard case .heading = node.kind, node.children.count == 1,
              case .text(let text) = node.children[0].kind else { return nil }
        var trimmed = Substring(text)
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        guard let close = trimmed.last, close == ")" || close == "）" else { return nil }
        let open: Character = close == ")" ? "(" : "（"
        guard let openIndex = trimmed.lastIndex(of: open) else { return nil }
        var english = trimmed[..<openIndex]
        while english.last == " " { english = english.dropLast() }
        let japanese = trimmed[trimmed.index(after: openIndex)..<trimmed.index(before: trimmed.endIndex)]
        guard ScriptClassifier.classify(String(english)) == .english,
              ScriptClassifier.classify(String(japanese)) == .japanese else { return nil }
        var en = node
        en.children = [MarkdownNode(.text(String(english)))]
        var ja = node
        ja.children = [MarkdownNode(.text(String(japanese)))]
        return (en, ja)
    }

    static func splitList(_ node: MarkdownNode) -> (MarkdownNode, MarkdownNode)? {
        guard case .list = node.kind, node.children.count >= 2, node.children.count % 2 == 0 else { return nil }
        let scripts = node.children.map(script(of:))
        let half = node.children.count / 2
        var english: [MarkdownNode] = []
        var japanese: [MarkdownNode] = []
        if scripts[..<half].allSatisfy({ $0 == .english }) && scripts[half...].allSatisfy({ $0 == .japanese }) {
            english = Array(node.children[..<half])
            japanese = Array(node.children[half...])
        } else if scripts.indices.allSatisfy({ scripts[$0] == ($0 % 2 == 0 ? .english : .japanese) }) {
            english = node.children.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
            japanese = node.children.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        } else {
            return nil
        }
        var en = node
        en.children = english
        var ja = node
        ja.children = japanese
        ja.start = japanese.first?.start ?? node.start
        return (en, ja)
    }
}
