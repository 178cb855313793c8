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
///    run in the other, pairs in order, block by block of the same kind (a
///    paragraph with a paragraph, an `h2` with an `h2`, a bulleted list with
///    a bulleted list). Either language may come first. A block with no
///    partner of its kind is passed over (the most blocks pair), so one
///    heading left untranslated does not unpair the paragraphs after it;
///    where blocks could pair more than one way, the earliest pair.
/// 5. A neutral block (code, a rule, HTML) spans both columns and ends a
///    run. A paragraph of images only, in the language of its alternative
///    text, pairs only with another (an image localised in each language);
///    one without a partner spans both columns too, as an image needs no
///    translation. Anything else left without a partner is marked
///    untranslated.
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
            case .runs(let first, let second, let pairs, let script):
                let other: Script = script == .english ? .japanese : .english
                var nextFirst = 0, nextSecond = 0
                func unpaired(_ node: MarkdownNode, _ script: Script) -> BilingualSegment {
                    isImagesOnly(node) ? .span(node) : .untranslated(node, script)
                }
                func untranslated(firstUpTo end: Int, secondUpTo secondEnd: Int) {
                    for offset in nextFirst..<end {
                        segments.append(unpaired(expanded[first.lowerBound + offset].node, script))
                    }
                    for offset in nextSecond..<secondEnd {
                        segments.append(unpaired(expanded[second.lowerBound + offset].node, other))
                    }
                }
                for pair in pairs {
                    untranslated(firstUpTo: pair.first, secondUpTo: pair.second)
                    let a = expanded[first.lowerBound + pair.first].node
                    let b = expanded[second.lowerBound + pair.second].node
                    if isPlaceholder(b, for: other) {
                        segments.append(.untranslated(a, script))
                    } else if isPlaceholder(a, for: script) {
                        segments.append(.untranslated(b, other))
                    } else {
                        segments.append(script == .english ? .row(english: a, japanese: b) : .row(english: b, japanese: a))
                    }
                    (nextFirst, nextSecond) = (pair.first + 1, pair.second + 1)
                }
                // With nothing paired, the second run was left to the next step.
                untranslated(firstUpTo: first.count, secondUpTo: pairs.isEmpty ? 0 : second.count)
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
        for case .runs(let first, let second, let pairs, let script) in pairing(expanded) {
            let other: Script = script == .english ? .japanese : .english
            /// The placements of `run`'s blocks without a partner, whose
            /// partners go in `partners`, the other run; `mine` and `theirs`
            /// read a pair's offset in each. A partner goes after the
            /// partner of the last block before it that paired; with none,
            /// just before the other run's first block that paired (its
            /// start when none did), unless nothing stands there.
            func unpaired(_ run: Range<Int>, in language: Script, partners: Range<Int>,
                            mine: ((first: Int, second: Int)) -> Int, theirs: ((first: Int, second: Int)) -> Int) -> [Placement] {
                let paired = Set(pairs.map(mine))
                return (0..<run.count).compactMap { offset -> Placement? in
                    let block = expanded[run.lowerBound + offset].node
                    guard !paired.contains(offset), !isPlaceholder(block, for: language), !isImagesOnly(block) else { return nil }
                    let previous = pairs.last { mine($0) < offset }
                    let after = previous.map { partners.lowerBound + theirs($0) }
                        ?? partners.lowerBound + (pairs.first.map(theirs) ?? 0) - 1
                    guard after >= 0 else { return nil }
                    let since = previous.map { mine($0) + 1 } ?? 0
                    return Placement(block: block, missing: language == .english ? .japanese : .english,
                                     after: expanded[after].node,
                                     partnersOf: (since...offset).map { expanded[run.lowerBound + $0].node })
                }
            }
            placements += unpaired(first, in: script, partners: second, mine: \.first, theirs: \.second)
            // With nothing paired, the second run was left to the next step.
            guard !pairs.isEmpty else { continue }
            placements += unpaired(second, in: other, partners: first, mine: \.second, theirs: \.first)
        }
        return placements.sorted { ($0.block.start?.line ?? 0) < ($1.block.start?.line ?? 0) }
    }

    /// One step of the pairing: a neutral block, or a run of one language
    /// and the run of the other that follows it, with the blocks that pair
    /// (offsets into each run, ascending in both).
    private enum Step {
        case neutral(MarkdownNode)
        case runs(first: Range<Int>, second: Range<Int>, pairs: [(first: Int, second: Int)], script: Script)
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
            let pairs = alignment(first.map { kindKey(expanded[$0].node) }, second.map { kindKey(expanded[$0].node) })
            steps.append(.runs(first: first, second: second, pairs: pairs, script: script))
            // With nothing paired, the second run starts a new search: it
            // may pair with what follows it.
            index = pairs.isEmpty ? first.upperBound : second.upperBound
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

    /// Whether a paragraph holds images and nothing else but white space
    /// and line breaks (an image may be a link).
    static func isImagesOnly(_ node: MarkdownNode) -> Bool {
        var images = 0
        func onlyImages(_ node: MarkdownNode) -> Bool {
            node.children.allSatisfy { child in
                switch child.kind {
                case .image:
                    images += 1
                    return true
                case .link: return !child.children.isEmpty && onlyImages(child)
                case .softBreak, .lineBreak: return true
                case .text(let text): return text.allSatisfy(\.isWhitespace)
                default: return false
                }
            }
        }
        return onlyImages(node) && images > 0
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

    /// The most pairs of equal kinds, in order in both runs (a longest
    /// common subsequence), the earliest where there is a choice. Runs that
    /// match block by block, as a translated page's do, pair without the
    /// table; past the first mismatch the table is bounded, and runs too
    /// long for it pair only up to that mismatch.
    static func alignment(_ first: [String], _ second: [String]) -> [(first: Int, second: Int)] {
        var pairs: [(first: Int, second: Int)] = []
        var start = 0
        while start < min(first.count, second.count), first[start] == second[start] {
            pairs.append((start, start))
            start += 1
        }
        let rows = first.count - start, columns = second.count - start
        guard rows > 0, columns > 0, rows * columns <= 1 << 20 else { return pairs }
        // longest[i][j]: the most pairs of first[start + i...] and second[start + j...].
        let width = columns + 1
        var longest = [Int32](repeating: 0, count: (rows + 1) * width)
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                longest[i * width + j] = first[start + i] == second[start + j]
                    ? longest[(i + 1) * width + j + 1] + 1
                    : max(longest[(i + 1) * width + j], longest[i * width + j + 1])
            }
        }
        var (i, j) = (0, 0)
        while i < rows, j < columns {
            if first[start + i] == second[start + j] {
                pairs.append((start + i, start + j))
                (i, j) = (i + 1, j + 1)
            } else if longest[(i + 1) * width + j] >= longest[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return pairs
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
        case .paragraph: return isImagesOnly(node) ? "images" : "p"
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
