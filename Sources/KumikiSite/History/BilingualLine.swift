import KumikiMarkdown

/// The two halves of a line that holds both languages: a layout block's
/// title (`title: English | 日本語`), a view's labels (`label name "Go" "行く"`)
/// or a heading written `English(日本語)`.
///
/// A line's history dates the line as a whole; the halves let the history
/// tell which language an edit of such a line touched.
struct BilingualLine: Hashable, Sendable {
    var english: Substring
    var japanese: Substring
    /// Where each half starts in the line, in characters from 0.
    var englishOffset: Int
    var japaneseOffset: Int

    init?(_ line: Substring) {
        if let split = Self.titleSplit(line) ?? Self.labelSplit(line) ?? Self.parenthesesSplit(line) {
            self = split
        } else {
            return nil
        }
    }

    private init(line: Substring, english: Range<Substring.Index>, japanese: Range<Substring.Index>) {
        self.english = line[english]
        self.japanese = line[japanese]
        englishOffset = line.distance(from: line.startIndex, to: english.lowerBound)
        japaneseOffset = line.distance(from: line.startIndex, to: japanese.lowerBound)
    }

    /// `title: English | 日本語`
    private static func titleSplit(_ line: Substring) -> BilingualLine? {
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        guard trimmed.hasPrefix("title:"), let bar = line.lastIndex(of: "|") else { return nil }
        let englishStart = line.index(trimmed.startIndex, offsetBy: "title:".count)
        let japaneseStart = line.index(after: bar)
        guard hasJapanese(line[japaneseStart...]) else { return nil }
        return BilingualLine(line: line, english: skipSpaces(line, englishStart..<bar),
                             japanese: skipSpaces(line, japaneseStart..<line.endIndex))
    }

    /// The last two quoted strings of a line, English then Japanese.
    private static func labelSplit(_ line: Substring) -> BilingualLine? {
        var quoted: [Range<Substring.Index>] = []
        var index = line.startIndex
        while let open = line[index...].firstIndex(of: "\"") {
            let after = line.index(after: open)
            guard let close = line[after...].firstIndex(of: "\"") else { break }
            quoted.append(after..<close)
            index = line.index(after: close)
        }
        guard quoted.count >= 2 else { return nil }
        let english = quoted[quoted.count - 2], japanese = quoted[quoted.count - 1]
        guard hasJapanese(line[japanese]), !hasJapanese(line[english]) else { return nil }
        return BilingualLine(line: line, english: english, japanese: japanese)
    }

    /// A heading `## English(日本語)`, with either kind of parentheses.
    private static func parenthesesSplit(_ line: Substring) -> BilingualLine? {
        guard line.hasPrefix("#") else { return nil }
        var end = line.endIndex
        while end > line.startIndex, line[line.index(before: end)] == " " { end = line.index(before: end) }
        guard end > line.startIndex else { return nil }
        let close = line.index(before: end)
        guard line[close] == ")" || line[close] == "）",
              let open = line[..<close].lastIndex(of: line[close] == ")" ? "(" : "（") else { return nil }
        let englishStart = line.firstIndex(where: { $0 != "#" && $0 != " " }) ?? open
        guard englishStart < open, hasJapanese(line[line.index(after: open)..<close]) else { return nil }
        return BilingualLine(line: line, english: englishStart..<open, japanese: line.index(after: open)..<close)
    }

    private static func skipSpaces(_ line: Substring, _ range: Range<Substring.Index>) -> Range<Substring.Index> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, line[lower] == " " { lower = line.index(after: lower) }
        while upper > lower, line[line.index(before: upper)] == " " { upper = line.index(before: upper) }
        return lower..<upper
    }

    private static func hasJapanese(_ text: Substring) -> Bool {
        ScriptClassifier.classify(String(text)) == .japanese
    }
}
