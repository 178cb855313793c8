import KumikiSupport

/// Whether Japanese text and Latin letters or digits next to it are
/// separated by a space (`ja_latin_spacing` in `kumiki.yml`).
public enum JapaneseLatinSpacing: String, Sendable, Hashable, CaseIterable {
    /// `Auto Layout を使う`: a space on each side of Latin text.
    case always
    /// `Auto Layoutを使う`: no space (the theme's `text-autospace` adds a
    /// little room in browsers that have it).
    case never
    /// Not checked (the default).
    case off
}

/// The typography rules a Japanese team expects, checked on the Japanese
/// prose of one page (paragraphs and headings the script classifier calls
/// Japanese), reported as warnings at the character's line and column.
///
/// - Full-width and half-width forms of the same mark mixed in one page:
///   `（` and `(`, `）` and `)`, `：` and `:`. The form used less often is
///   reported (the half-width one on a tie).
/// - With `ja_latin_spacing: always` or `never`, a missing or an extra space
///   between Japanese and Latin letters or digits.
///
/// Not prose, so never checked: code spans, fenced and indented code (layout
/// blocks included), raw HTML and autolinks, link destinations, URLs,
/// formulas (between `$`, or parentheses around operators such as
/// `10^((p − 250) / 125)`), and the colon of a ratio or time (`19.5:9`,
/// `4.5:1`, `10:30`). A heading written as a one-line pair
/// (`## Safe area（セーフエリア）`) uses its parentheses as syntax and is
/// skipped.
public struct JapaneseTypography: Sendable {
    public var latinSpacing: JapaneseLatinSpacing

    public init(latinSpacing: JapaneseLatinSpacing = .off) {
        self.latinSpacing = latinSpacing
    }

    /// The warnings for one parsed page.
    public func warnings(for document: MarkdownDocument) -> [Diagnostic] {
        let lines = japaneseProseLines(in: document.root, source: document.source)
        guard !lines.isEmpty else { return [] }
        var marks: [MarkKind: [Mark]] = [:]
        var warnings: [Diagnostic] = []
        let path = document.source.path
        for number in lines.sorted() {
            let line = document.source.line(number)
            // Splitting a line into Characters is most of this check's cost:
            // only the rare line that can hold a warning pays for it.
            guard latinSpacing != .off || Self.mayHoldMark(line) else { continue }
            let characters = Array(line)
            let prose = ProseScanner.proseMask(of: characters)
            for (index, character) in characters.enumerated() where prose[index] {
                if let kind = MarkKind(character), !isRatioColon(characters, at: index) {
                    marks[kind, default: []].append(Mark(
                        fullWidth: MarkKind.isFullWidth(character),
                        location: SourceLocation(file: path, line: number, column: index + 1)))
                }
            }
            warnings += spacingWarnings(characters, prose: prose, line: number, path: path)
        }
        for kind in MarkKind.allCases {
            guard let found = marks[kind] else { continue }
            let full = found.filter(\.fullWidth).count
            let half = found.count - full
            guard full > 0, half > 0 else { continue }
            let reportFullWidth = full < half
            let (used, other) = reportFullWidth ? (kind.halfWidth, kind.fullWidth) : (kind.fullWidth, kind.halfWidth)
            for mark in found where mark.fullWidth == reportFullWidth {
                warnings.append(Diagnostic.warning(
                    "the Japanese text of this page writes \(kind.name) both as '\(kind.fullWidth)' (\(full)×) and '\(kind.halfWidth)' (\(half)×); "
                        + "write '\(used)' here instead of '\(other)'",
                    at: mark.location, code: .mixedPunctuation).spanning(1, replacements: [String(used)]))
            }
        }
        return warnings.sorted { ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0) }
    }

    // MARK: - Where the Japanese prose is

    /// The lines of the paragraphs and headings written in Japanese that can
    /// hold a warning (with `ja_latin_spacing` off, only those with a mark).
    private func japaneseProseLines(in root: MarkdownNode, source: SourceText) -> Set<Int> {
        var lines = Set<Int>()
        var stack = [root]
        while let node = stack.popLast() {
            switch node.kind {
            case .paragraph, .heading:
                guard let start = node.start?.line else { continue }
                let range = start...max(start, node.endLine ?? start)
                // Classifying the script of every paragraph is costly; a
                // paragraph with no mark to compare cannot warn.
                guard latinSpacing != .off || range.contains(where: { Self.mayHoldMark(source.line($0)) }) else { continue }
                guard ScriptClassifier.classify(node.plainText) == .japanese else { continue }
                if case .heading = node.kind, BilingualSegmenter.splitHeading(node) != nil { continue }
                lines.formUnion(range)
            default:
                stack.append(contentsOf: node.children.filter(\.isBlock))
            }
        }
        return lines
    }

    /// Whether a line holds a mark whose two forms are compared: `(`, `)`,
    /// `:` or their full-width forms U+FF08, U+FF09, U+FF1A (UTF-8 `EF BC
    /// 88`, `EF BC 89`, `EF BC 9A`), found by a scan of the bytes.
    static func mayHoldMark(_ line: Substring) -> Bool {
        var afterEF = false, afterEFBC = false
        for byte in line.utf8 {
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: ":") { return true }
            if afterEFBC && (byte == 0x88 || byte == 0x89 || byte == 0x9A) { return true }
            afterEFBC = afterEF && byte == 0xBC
            afterEF = byte == 0xEF
        }
        return false
    }

    /// A `:` between digits: a ratio or a time.
    private func isRatioColon(_ characters: [Character], at index: Int) -> Bool {
        guard characters[index] == ":", index > 0, index + 1 < characters.count else { return false }
        return characters[index - 1].isASCIIDigit && characters[index + 1].isASCIIDigit
    }

    // MARK: - Spaces between Japanese and Latin text

    private func spacingWarnings(_ characters: [Character], prose: [Bool], line: Int, path: String) -> [Diagnostic] {
        guard latinSpacing != .off else { return [] }
        var warnings: [Diagnostic] = []
        for index in characters.indices.dropLast() where prose[index] && prose[index + 1] {
            let (left, right) = (characters[index], characters[index + 1])
            switch latinSpacing {
            case .always:
                if (left.isJapaneseLetter && right.isLatinOrDigit) || (left.isLatinOrDigit && right.isJapaneseLetter) {
                    let place = SourceLocation(file: path, line: line, column: index + 2)
                    var warning = Diagnostic.warning(
                        "put a space between '\(left)' and '\(right)': Japanese and Latin text are separated by spaces on this site (ja_latin_spacing: always)",
                        at: place, code: .typography)
                    warning.suggestions = [SuggestedEdit(replacing: 0, at: place, with: " ")]
                    warnings.append(warning)
                }
            case .never:
                guard left == " ", index > 0, prose[index - 1] else { continue }
                let before = characters[index - 1]
                if (before.isJapaneseLetter && right.isLatinOrDigit) || (before.isLatinOrDigit && right.isJapaneseLetter) {
                    warnings.append(Diagnostic.warning(
                        "remove the space between '\(before)' and '\(right)': Japanese and Latin text touch on this site (ja_latin_spacing: never)",
                        at: SourceLocation(file: path, line: line, column: index + 1), code: .typography).spanning(1, replacements: [""]))
                }
            case .off:
                break
            }
        }
        return warnings
    }
}

/// A mark whose full-width and half-width forms must not be mixed.
private enum MarkKind: CaseIterable {
    case openingParenthesis, closingParenthesis, colon

    init?(_ character: Character) {
        switch character {
        case "(", "（": self = .openingParenthesis
        case ")", "）": self = .closingParenthesis
        case ":", "：": self = .colon
        default: return nil
        }
    }

    static func isFullWidth(_ character: Character) -> Bool { character == "（" || character == "）" || character == "：" }

    var fullWidth: Character {
        switch self {
        case .openingParenthesis: "（"
        case .closingParenthesis: "）"
        case .colon: "："
        }
    }

    var halfWidth: Character {
        switch self {
        case .openingParenthesis: "("
        case .closingParenthesis: ")"
        case .colon: ":"
        }
    }

    var name: String {
        switch self {
        case .openingParenthesis: "the opening parenthesis"
        case .closingParenthesis: "the closing parenthesis"
        case .colon: "the colon"
        }
    }
}

private struct Mark {
    var fullWidth: Bool
    var location: SourceLocation
}

/// Tells prose from the parts of a Markdown line that are not prose.
enum ProseScanner {
    /// For each character of the line, whether it is prose: `false` inside
    /// code spans, `<…>`, link destinations `](…)`, URLs and `$…$`.
    static func proseMask(of characters: [Character]) -> [Bool] {
        var mask = Array(repeating: true, count: characters.count)
        func hide(_ range: Range<Int>) { for index in range { mask[index] = false } }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "`":
                var run = index
                while run < characters.count, characters[run] == "`" { run += 1 }
                let length = run - index
                var search = run
                var close: Int?
                while search < characters.count {
                    if characters[search] == "`" {
                        var end = search
                        while end < characters.count, characters[end] == "`" { end += 1 }
                        if end - search == length { close = end; break }
                        search = end
                    } else {
                        search += 1
                    }
                }
                let end = close ?? run
                hide(index..<end)
                index = end
            case "<":
                let end = characters[index...].firstIndex(of: ">").map { $0 + 1 } ?? index + 1
                hide(index..<end)
                index = end
            case "]" where index + 1 < characters.count && characters[index + 1] == "(":
                var depth = 0
                var end = index + 1
                while end < characters.count {
                    if characters[end] == "(" { depth += 1 }
                    if characters[end] == ")" { depth -= 1; if depth == 0 { end += 1; break } }
                    end += 1
                }
                hide(index..<end)
                index = end
            case "$":
                guard let close = characters[(index + 1)...].firstIndex(of: "$") else { index += 1; continue }
                hide(index..<(close + 1))
                index = close + 1
            case "(":
                // A formula written inline (`10^((p − 250) / 125)`, `f(x)`):
                // parentheses with no CJK inside that hold an operator or
                // follow a Latin letter, a digit or `^`.
                guard let close = matchingParenthesis(characters, from: index) else { index += 1; continue }
                let inside = characters[(index + 1)..<close]
                let afterOperand = index > 0 && (characters[index - 1] == "^" || (characters[index - 1].isASCII && (characters[index - 1].isLetter || characters[index - 1].isNumber)))
                let hasOperator = inside.contains { "+-*/^=<>−×÷≤≥".contains($0) }
                let hasCJK = inside.contains { $0.unicodeScalars.first?.isCJK ?? false }
                if !hasCJK && (hasOperator || afterOperand) {
                    hide(index..<(close + 1))
                    index = close + 1
                } else {
                    index += 1
                }
            case "h" where startsURL(characters, at: index):
                var end = index
                while end < characters.count, !characters[end].isWhitespace, !(characters[end].unicodeScalars.first?.isCJK ?? false) { end += 1 }
                hide(index..<end)
                index = end
            default:
                index += 1
            }
        }
        return mask
    }

    /// The index of the `)` that closes the `(` at `start` on the line.
    private static func matchingParenthesis(_ characters: [Character], from start: Int) -> Int? {
        var depth = 0
        for index in start..<characters.count {
            if characters[index] == "(" { depth += 1 }
            if characters[index] == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    private static func startsURL(_ characters: [Character], at index: Int) -> Bool {
        for scheme in ["http://", "https://"] where index + scheme.count <= characters.count {
            if String(characters[index..<(index + scheme.count)]) == scheme { return true }
        }
        return false
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isLatinOrDigit: Bool {
        guard let scalar = unicodeScalars.first else { return false }
        return scalar.isLatinLetter || (isASCII && isNumber)
    }
    fileprivate var isJapaneseLetter: Bool { unicodeScalars.first?.isJapaneseLetter ?? false }
}
