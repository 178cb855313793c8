import Foundation
import KumikiSupport

/// The `key: value` lines of a block that is configured rather than
/// programmed (`devices`, `materials`).
///
/// ```
/// columns: size, size-classes   # a comment
/// family: phones
/// ```
///
/// Rules: one option per line; `#` at the start of a line or after a space
/// starts a comment; blank lines are ignored; a value may be a list
/// separated by commas. Every item keeps the place it was written, so a bad
/// value is reported at its own line and column in the Markdown file.
struct BlockOptions {
    /// One comma-separated item of a value, with where it starts.
    struct Item {
        var text: String
        var location: SourceLocation
    }

    struct Entry {
        var key: String
        var keyLocation: SourceLocation
        /// The whole value, trimmed (for free text such as a title).
        var value: Item
        /// The value split at commas, each item trimmed; empty items dropped.
        var items: [Item]
    }

    var entries: [Entry]

    /// The entry for `key`, if the block gives it.
    subscript(key: String) -> Entry? { entries.first { $0.key == key } }

    /// Reads the options of `block`; `keys` are the ones the block kind
    /// knows. Unknown and repeated keys and lines that are not options are
    /// errors, reported with a did-you-mean where one is close.
    static func parse(_ block: FencedBlock, keys: [String]) -> (BlockOptions, [Diagnostic]) {
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        let lines = block.text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, rawLine) in lines.enumerated() {
            let line = Array(withoutComment(String(rawLine)))
            func location(_ offset: Int) -> SourceLocation {
                block.firstLine.offset(lines: number, column: block.firstLine.column + offset)
            }
            guard let start = line.firstIndex(where: { !$0.isWhitespace }) else { continue }
            guard let colon = line.firstIndex(of: ":") else {
                let text = String(line[start...]).trimmingTrailingWhitespace
                let hint = Suggestions.closest(to: text, among: keys).first.map { "; did you mean '\($0): …'?" } ?? ""
                diagnostics.append(.error(
                    "expected an option such as '\(keys.first ?? "key"): value', not '\(text)'\(hint)",
                    at: location(start)))
                continue
            }
            let key = String(line[start..<colon]).trimmingTrailingWhitespace
            guard keys.contains(key) else {
                let suggestion = Suggestions.hint(for: key, among: keys)
                let hint = suggestion.isEmpty ? "; the options are \(keys.map { "'\($0)'" }.joined(separator: ", "))" : suggestion
                diagnostics.append(Diagnostic.error("unknown option '\(key)' in a '\(block.name)' block\(hint)", at: location(start),
                                                    code: .unknownBlockOption)
                    .spanning(key.count, replacements: Suggestions.closest(to: key, among: keys)))
                continue
            }
            if let first = entries.first(where: { $0.key == key }) {
                diagnostics.append(.error(
                    "'\(key)' is given twice; keep one", at: location(start),
                    notes: [.note("first given here", at: first.keyLocation)]))
                continue
            }
            let items = splitItems(line, from: colon + 1).map { Item(text: $0.text, location: location($0.offset)) }
            let valueStart = line[(colon + 1)...].firstIndex(where: { !$0.isWhitespace }) ?? line.count
            let value = Item(text: String(line[valueStart...]).trimmingTrailingWhitespace, location: location(valueStart))
            entries.append(Entry(key: key, keyLocation: location(start), value: value, items: items))
        }
        return (BlockOptions(entries: entries), diagnostics)
    }

    /// The line without its comment: `#` at the start or after white space.
    private static func withoutComment(_ line: String) -> Substring {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#" && previous.isWhitespace { return line[..<index] }
            previous = line[index]
        }
        return line[...]
    }

    /// The comma-separated items after `start`, trimmed, with the offset of
    /// each item's first character.
    private static func splitItems(_ line: [Character], from start: Int) -> [(text: String, offset: Int)] {
        var items: [(String, Int)] = []
        var current = ""
        var currentStart: Int?
        func finish() {
            let text = current.trimmingTrailingWhitespace
            if let begin = currentStart, !text.isEmpty { items.append((text, begin)) }
            current = ""
            currentStart = nil
        }
        var index = start
        while index < line.count {
            let character = line[index]
            if character == "," {
                finish()
            } else if currentStart != nil || !character.isWhitespace {
                if currentStart == nil { currentStart = index }
                current.append(character)
            }
            index += 1
        }
        finish()
        return items
    }
}

extension BlockOptions.Item {
    /// The item as a word to match: lowercased, `_` and spaces as `-`.
    var word: String {
        String(text.lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 })
    }

    /// `English | 日本語` split in two; one text serves both languages.
    var bilingual: Bilingual<String> {
        let parts = text.split(separator: "|", maxSplits: 1).map(\.trimmingWhitespace)
        return Bilingual(parts.first ?? "", parts.count > 1 ? parts[1] : parts.first ?? "")
    }
}

/// `unknown column 'sise'; did you mean 'size'?`, or the list of choices
/// when nothing is close.
func unknownValue(_ what: String, _ item: BlockOptions.Item, choices: [String]) -> Diagnostic {
    let suggestion = Suggestions.hint(for: item.word, among: choices)
    let hint = suggestion.isEmpty ? "; choose from \(choices.map { "'\($0)'" }.joined(separator: ", "))" : suggestion
    return Diagnostic.error("unknown \(what) '\(item.text)'\(hint)", at: item.location, code: DiagnosticCode(.fencedBlock, "unknown-value"))
        .spanning(item.text.count, replacements: Suggestions.closest(to: item.word, among: choices))
}
