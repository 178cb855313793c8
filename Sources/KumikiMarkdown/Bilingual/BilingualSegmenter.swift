import KumikiSupport

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
/// 6. A block whose whole text is a placeholder (`（未翻訳）` for a missing
///    Japanese block, `(untranslated)` for a missing English one) holds its
///    partner's place in the pairing, so the blocks around it pair as
///    they will once it is translated, and its partner is still marked
///    untranslated (the placeholder itself is not shown).
public enum BilingualSegmenter {
    /// The text of a placeholder that stands for a block not translated
    /// yet, in the language it stands for.
    public static func placeholder(for script: Script) -> String {
        script == .japanese ? "（未翻訳）" : "(untranslated)"
    }

    public static func segment(_ blocks: [MarkdownNode]) -> [BilingualSegment] {
        let expanded = blocks.flatMap(expand)
        var segments: [BilingualSegment] = []
        for step in pairing(expanded) {
            switch step {
            case .neutral(let node):
                segments.append(.span(node))
            case .runs(let first, let second, let paired, let script):
                let other: Script = script == .english ? .japanese : .english
                for offset in 0..<first.count {
                    let a = expanded[first.lowerBound + offset].node
                    guard offset < paired else {
                        segments.append(.untranslated(a, script))
                        continue
                    }
                    let b = expanded[second.lowerBound + offset].node
                    if isPlaceholder(b, for: other) {
                        segments.append(.untranslated(a, script))
                    } else if isPlaceholder(a, for: script) {
                        segments.append(.untranslated(b, other))
                    } else {
                        segments.append(script == .english ? .row(english: a, japanese: b) : .row(english: b, japanese: a))
                    }
                }
                if paired > 0 {
                    for offset in paired..<second.count {
                        segments.append(.untranslated(expanded[second.lowerBound + offset].node, other))
                    }
                }
            }
        }
        return segments
    }

    /// Where the translation of an untranslated block goes, so that it
    /// pairs with the block (rule 4 pairs runs position by position).
    public struct Placement: Sendable {
        /// The block without a partner.
        public var block: MarkdownNode
        /// The language its partner is missing in.
        public var missing: Script
        /// The block after which the partner goes.
        public var after: MarkdownNode
        /// The blocks whose partners go there, in order: the run's blocks
        /// without a partner before `block`, then `block` itself.
        public var partnersOf: [MarkdownNode]
    }

    /// A `Placement` for every untranslated block (placeholders that found
    /// no partner excepted), in page order.
    public static func placements(_ blocks: [MarkdownNode]) -> [Placement] {
        let expanded = blocks.flatMap(expand)
        var placements: [Placement] = []
        for case .runs(let first, let second, let paired, let script) in pairing(expanded) {
            let other: Script = script == .english ? .japanese : .english
            for offset in paired..<first.count {
                let block = expanded[first.lowerBound + offset].node
                guard !isPlaceholder(block, for: script) else { continue }
                // The partner goes at the same place of the other run:
                // after its last paired block, or, when none paired, after
                // this run (where a run of the other language starts).
                let after = paired > 0 ? expanded[second.lowerBound + paired - 1].node : expanded[first.upperBound - 1].node
                placements.append(Placement(block: block, missing: other, after: after,
                                            partnersOf: (paired...offset).map { expanded[first.lowerBound + $0].node }))
            }
            guard paired > 0 else { continue }
            for offset in paired..<second.count {
                let block = expanded[second.lowerBound + offset].node
                guard !isPlaceholder(block, for: other) else { continue }
                placements.append(Placement(block: block, missing: script, after: expanded[first.lowerBound + paired - 1].node,
                                            partnersOf: (paired...offset).map { expanded[second.lowerBound + $0].node }))
            }
        }
        return placements.sorted { ($0.block.start?.line ?? 0) < ($1.block.start?.line ?? 0) }
    }

    /// One step of the pairing: a neutral block, or a run of one language
    /// and the run of the other that follows it, of which the first
    /// `paired` blocks pair.
    private enum Step {
        case neutral(MarkdownNode)
        case runs(first: Range<Int>, second: Range<Int>, paired: Int, script: Script)
    }

    private static func pairing(_ expanded: [(node: MarkdownNode, script: Script)]) -> [Step] {
        var steps: [Step] = []
        var index = 0
        while index < expanded.count {
            let (node, script) = expanded[index]
            if script == .neutral {
                steps.append(.neutral(node))
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
            steps.append(.runs(first: first, second: second, paired: paired, script: script))
            // With nothing paired, the second run starts a new search: it
            // may pair with what follows it.
            index = paired == 0 ? first.upperBound : second.upperBound
        }
        return steps
    }

    /// Whether a block is rule 6's placeholder for `script`.
    /// A placeholder's block holds one text, however deep (a list's item's
    /// paragraph), so the check follows single children and never builds
    /// a block's text: it runs for every pair of every page.
    static func isPlaceholder(_ node: MarkdownNode, for script: Script) -> Bool {
        var node = node
        while node.children.count == 1 { node = node.children[0] }
        guard case .text(let text) = node.kind else { return false }
        return text.trimmingWhitespace == placeholder(for: script)
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
