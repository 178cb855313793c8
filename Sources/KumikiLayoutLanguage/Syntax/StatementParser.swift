import KumikiSupport

/// Reads one line's tokens into a `Statement`.
///
/// The parser knows the grammar only. It first reads the line's head
/// (`StatementHead`: which family of statement this is and the name it
/// introduces), so that lowering can say whether such a statement may
/// stand here before its body is read; then the body. Every name the line
/// uses is recorded in `uses` as it is read, also when the line turns out
/// to be wrong, so that an unknown name is still reported.
struct StatementParser {
    let tokens: [Token]
    let raw: String
    /// The names the line uses, in the order they were read.
    var uses: [NameUse] = []

    init(tokens: [Token], raw: String) {
        self.tokens = tokens
        self.raw = raw
    }

    /// The family a line belongs to, read from its first tokens.
    func head() throws(LineError) -> StatementHead {
        let first = tokens[0]
        if first.isSymbol("}") { return .closeVariant }
        guard let word = first.identifier else {
            throw LineError(first.column, .expectedStatement(found: first.text))
        }
        let second = tokens.count > 1 ? tokens[1] : nil
        if let second, second.isSymbol(":") {
            if word == "H" || word == "V" { return .visualFormat }
            let key = Name(text: word, column: first.column)
            switch word {
            case "title": return .title(key)
            case "show": return .show(key)
            default:
                guard BlockSetting.environmentKeys.contains(word) else {
                    let suggestion = Suggestions.closest(to: word, among: BlockSetting.all).first
                    throw LineError(first.column, .unknownSetting(word, suggestion: suggestion))
                }
                return .environmentSetting(key)
            }
        }
        let name = second?.identifier.map { Name(text: $0, column: second?.column ?? 0) }
        switch word {
        case "when": return .openVariant(keywordColumn: first.column)
        case "hide": return .hide(keywordColumn: first.column)
        case "stack": return .stack(name: name)
        case "guide": return .guide(keywordColumn: first.column, name: name)
        default:
            if let second, second.isSymbol(".") { return .constraint }
            if let kind = ViewKind(rawValue: word) { return .declaration(kind, keywordColumn: first.column, name: name) }
            if second?.identifier != nil {
                let suggestion = Suggestions.closest(to: word, among: ViewKind.allCases.map(\.rawValue) + ["stack", "when", "hide"]).first
                throw LineError(first.column, .unknownViewKind(word, suggestion: suggestion))
            }
            if let second { throw LineError(second.column, .expectedDotAfterWord(word)) }
            throw LineError(first.column, .expectedAnchorAfterWord(word))
        }
    }

    /// The statement a line of the family `head` says.
    mutating func statement(_ head: StatementHead) throws(LineError) -> Statement {
        switch head {
        case .closeVariant:
            guard tokens.count == 1 else { throw LineError(tokens[1].column, .textAfterClosingBrace) }
            return .closeVariant
        case .title:
            return .title(titleStatement())
        case .show:
            return .setting(try showStatement())
        case .environmentSetting(let key):
            let (value, column) = settingValue()
            return .setting(SettingStatement(key: key.text, keyColumn: key.column, value: value, valueColumn: column))
        case .visualFormat:
            var parser = VisualFormatParser(tokens: tokens)
            var syntax = try parser.parse()
            syntax.text = statementText
            uses += parser.uses
            return .visualFormat(syntax)
        case .openVariant:
            return .openVariant(try conditions())
        case .hide:
            return .hide(try hiddenNames())
        case .stack:
            return .stack(try stackStatement())
        case .guide:
            return .guide(try guideName())
        case .declaration(let kind, _, _):
            return .declaration(try declaration(kind))
        case .constraint:
            return try constraintOrProperty()
        }
    }

    /// The statement's text as written, without its comment.
    var statementText: String {
        guard let first = tokens.first, let last = tokens.last else { return "" }
        if raw.utf8.allSatisfy({ $0 < 0x80 }) {
            // One byte per character.
            let bytes = raw.utf8
            let end = min(bytes.count, last.column + last.text.utf8.count)
            guard first.column <= end else { return "" }
            let from = bytes.index(bytes.startIndex, offsetBy: first.column)
            let to = bytes.index(bytes.startIndex, offsetBy: end)
            return String(raw[from..<to]).trimmingTrailingSpaces()
        }
        let chars = Array(raw)
        let end = min(chars.count, last.column + last.text.count)
        return String(chars[first.column..<end]).trimmingTrailingSpaces()
    }

    /// The columns the statement spans.
    var columns: Range<Int> {
        guard let first = tokens.first, let last = tokens.last else { return 0..<0 }
        return first.column..<max(first.column, last.column + last.text.count)
    }

    /// Throws when tokens are left after a complete statement.
    func expectEnd(_ cursor: TokenCursor) throws(LineError) {
        if let extra = cursor.peek {
            if extra.isIdentifier("inset") { throw LineError(extra.column, .insetAfterConstant) }
            throw LineError(extra.column, .unexpected(extra.text))
        }
    }
}

/// Which statement a line is, from its first tokens, with the name it
/// introduces when it introduces one.
enum StatementHead {
    case closeVariant
    case title(Name)
    case show(Name)
    case environmentSetting(Name)
    case visualFormat
    case openVariant(keywordColumn: Int)
    case hide(keywordColumn: Int)
    case stack(name: Name?)
    case guide(keywordColumn: Int, name: Name?)
    case declaration(ViewKind, keywordColumn: Int, name: Name?)
    /// A constraint or a property line (`item.word …`).
    case constraint
}

/// A name a line uses, to be resolved once the whole block is read.
struct NameUse {
    enum Role {
        /// A view, stack or guide a constraint, stack or visual-format line relates.
        case item
        /// A view `hide` removes.
        case hidden
    }

    var name: String
    var column: Int
    var role: Role
}

/// The settings a block may state on a `key: value` line.
enum BlockSetting {
    static let environmentKeys = ["devices", "orientations", "splits", "textSizes", "bars"]
    /// `show:` picks the environment the gallery opens on.
    static let all = ["title", "show"] + environmentKeys
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return String(s)
    }

    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let first = s.first, first == " " || first == "\t" { s.removeFirst() }
        return String(s).trimmingTrailingSpaces()
    }
}
