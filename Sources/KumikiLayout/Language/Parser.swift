import KumikiSupport

/// Parses and checks one layout block.
///
/// Every problem is reported at its line and column in the Markdown file
/// (`source.firstLine` plus the line index; the column in characters). One
/// bad line does not hide the others: the parser reports an error for it
/// and goes on with the next line.
///
/// - Returns: the program when the block has no error (warnings allowed),
///   and every diagnostic found.
public func parseLayoutBlock(_ source: LayoutBlockSource) -> (LayoutProgram?, [Diagnostic]) {
    var parser = LayoutParser(source: source)
    return parser.parse()
}

/// A problem on one line: the 0-based column and the message.
struct LineError: Error {
    var column: Int
    var message: String
    init(_ column: Int, _ message: String) {
        self.column = column
        self.message = message
    }
}

/// The names a block can use without declaring them.
enum SystemGuide {
    /// The guides whose frames every solution reports.
    static let reported = ["screen", "safe", "margins", "readable"]
    /// Every guide: the display, the app's window, the safe area, the
    /// layout margins, the readable content guide, and the system bars.
    static let all = ["screen", "window", "safe", "margins", "readable",
                      "statusBar", "navigationBar", "tabBar", "toolbar", "homeIndicator"]
}

/// The settings a block may state on a `key: value` line.
enum BlockSetting {
    static let environmentKeys = ["devices", "orientations", "splits", "textSizes", "bars"]
    /// `show:` picks the environment the gallery opens on.
    static let all = ["title", "show"] + environmentKeys
}

/// Words that cannot name a view.
private let reservedWords: Set<String> =
    Set(SystemGuide.all + ["when", "hide", "stack", "guide", "title", "inset", "standard", "and", "H", "V", "in"])

struct LayoutParser {
    let source: LayoutBlockSource
    private var diagnostics: [Diagnostic] = []
    private var lines: [String] = []

    // What the block declares, in source order.
    private var title: LocalizedText?
    private var views: [ViewDeclaration] = []
    private var constraints: [LayoutConstraint] = []
    private var stacks: [StackDeclaration] = []
    private var guides: [GuideDeclaration] = []
    private var variants: [TraitVariant] = []
    private var environmentLines: [EnvironmentLine] = []
    private var lineLimits: [LineLimit] = []
    /// Every property line, checked against its view's kind once all
    /// declarations are known.
    private var propertyUses: [(view: String, property: ViewProperty, location: SourceLocation)] = []
    private var shownEnvironment: EnvironmentLine?
    /// Every use of a name, checked once all declarations are known.
    private var references: [(name: String, location: SourceLocation)] = []
    private var hideReferences: [(name: String, location: SourceLocation)] = []
    /// The variant being read, between `when … {` and `}`.
    private var openVariant: TraitVariant?
    /// Constraints stated so far, counted against `LayoutLimits.maximumConstraints`.
    private var constraintCount = 0
    /// Set when the block went past a limit on its size: the lines after
    /// are not read.
    private var stopped = false

    init(source: LayoutBlockSource) {
        self.source = source
    }

    mutating func parse() -> (LayoutProgram?, [Diagnostic]) {
        let text = source.text
        if text.utf8.contains(UInt8(ascii: "\r")) {
            // "\r\n" is one character, which splitting on "\n" keeps whole.
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
            }
        } else {
            // Splitting the bytes spares breaking the whole block into characters.
            lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(Substring($0)) }
        }
        for index in lines.indices where !stopped {
            parseLine(index)
        }
        if let open = openVariant {
            diagnostics.append(.error("'when' block is not closed; add a line with '}'", at: open.location))
            variants.append(open)
            openVariant = nil
        }
        check()
        let program = LayoutProgram(
            kind: source.kind, firstLine: source.firstLine, title: title, views: views, guides: guides,
            constraints: constraints, stacks: stacks, variants: variants, environmentLines: environmentLines,
            lineLimits: lineLimits, shownEnvironment: shownEnvironment)
        let hasErrors = diagnostics.contains { $0.severity == .error }
        return (hasErrors ? nil : program, diagnostics)
    }

    // MARK: Locations

    /// The Markdown location of a 0-based column on a 0-based block line.
    func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: source.firstLine.file, line: source.firstLine.line + line,
                       column: source.firstLine.column + column)
    }

    // MARK: Lines

    private mutating func parseLine(_ index: Int) {
        let raw = lines[index]
        // Counting bytes first spares counting the characters of every line.
        if raw.utf8.count > LayoutLimits.maximumLineLength, raw.count > LayoutLimits.maximumLineLength {
            let violation = LayoutLimitViolation.lineTooLong(length: raw.count)
            diagnostics.append(.error(violation.message, at: location(index, LayoutLimits.maximumLineLength)))
            return
        }
        // A title is prose in two languages, not code: it is taken as written,
        // apostrophes, 「」 and '#' included, so it never goes through the lexer.
        if let titleTokens = Self.titleLineTokens(raw) {
            do {
                try parseSetting("title", titleTokens, line: index, raw: raw)
            } catch {
                diagnostics.append(.error(error.message, at: location(index, error.column)))
            }
            return
        }
        let tokens: [Token]
        switch Lexer.tokens(of: raw) {
        case .success(let t): tokens = t
        case .failure(let failure):
            diagnostics.append(.error(failure.message, at: location(index, failure.column)))
            return
        }
        guard let first = tokens.first else { return }
        do {
            try parseStatement(tokens, line: index, raw: raw)
        } catch {
            diagnostics.append(.error(error.message, at: location(index, error.column)))
        }
        checkBlockSize(line: index, column: first.column)
    }

    /// Stops reading at the line that takes the block past the number of
    /// views and guides or of constraints it may have.
    private mutating func checkBlockSize(line: Int, column: Int) {
        let violation: LayoutLimitViolation
        if views.count + guides.count > LayoutLimits.maximumItems {
            violation = .tooManyItems
        } else if constraintCount > LayoutLimits.maximumConstraints {
            violation = .tooManyConstraints
        } else {
            return
        }
        diagnostics.append(.error(violation.message, at: location(line, column)))
        stopped = true
    }

    /// The `title` and `:` tokens of a title line, or `nil` for any other line.
    static func titleLineTokens(_ raw: String) -> [Token]? {
        // Everything up to the colon is ASCII, so bytes count as characters.
        let chars = Array(raw.utf8.prefix(while: { $0 < 0x80 }))
        var start = 0
        while start < chars.count, chars[start] == UInt8(ascii: " ") || chars[start] == UInt8(ascii: "\t") { start += 1 }
        guard chars.count >= start + 5, chars[start..<(start + 5)].elementsEqual("title".utf8) else { return nil }
        var colon = start + 5
        while colon < chars.count, chars[colon] == UInt8(ascii: " ") { colon += 1 }
        guard colon < chars.count, chars[colon] == UInt8(ascii: ":") else { return nil }
        return [Token(kind: .identifier("title"), column: start, text: "title"), Token(kind: .symbol(":"), column: colon, text: ":")]
    }

    /// The statement's text as written, without its comment.
    private func statementText(_ tokens: [Token], raw: String) -> String {
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

    private mutating func parseStatement(_ tokens: [Token], line: Int, raw: String) throws(LineError) {
        let first = tokens[0]
        if first.isSymbol("}") {
            guard tokens.count == 1 else { throw LineError(tokens[1].column, "expected nothing after '}'") }
            guard let open = openVariant else { throw LineError(first.column, "'}' without a 'when' block to close") }
            variants.append(open)
            openVariant = nil
            return
        }
        guard let word = first.identifier else {
            throw LineError(first.column, "expected a declaration, a constraint or a setting, found '\(first.text)'")
        }
        let second = tokens.count > 1 ? tokens[1] : nil
        if let second, second.isSymbol(":") {
            if word == "H" || word == "V" {
                try parseVisualFormat(tokens, line: line, raw: raw)
            } else {
                try parseSetting(word, tokens, line: line, raw: raw)
            }
            return
        }
        switch word {
        case "when":
            do {
                try parseWhen(tokens, line: line)
            } catch {
                // Keep the block structure so that its '}' does not cascade into a second error.
                if openVariant == nil {
                    openVariant = TraitVariant(conditions: [], constraints: [], stacks: [], hidden: [],
                                               location: location(line, tokens[0].column))
                }
                throw error
            }
        case "hide": try parseHide(tokens, line: line)
        case "stack": try parseStack(tokens, line: line, raw: raw)
        case "guide": try parseGuide(tokens, line: line)
        default:
            if let second, second.isSymbol(".") {
                try parseConstraint(tokens, line: line, raw: raw)
            } else if let kind = ViewKind(rawValue: word) {
                try parseDeclaration(kind, tokens, line: line)
            } else if second?.identifier != nil {
                let hint = DidYouMean.hint(for: word, in: ViewKind.allCases.map(\.rawValue) + ["stack", "when", "hide"])
                throw LineError(first.column, "unknown view kind '\(word)'\(hint)")
            } else if second == nil {
                throw LineError(first.column, "expected an anchor after '\(word)', as in '\(word).top = safe.top'")
            } else {
                throw LineError(second?.column ?? first.column, "expected '.' and an anchor after '\(word)'")
            }
        }
    }

    // MARK: Settings

    private mutating func parseSetting(_ key: String, _ tokens: [Token], line: Int, raw: String) throws(LineError) {
        let chars = Array(raw)
        let colon = tokens[1].column
        var valueStart = colon + 1
        while valueStart < chars.count && chars[valueStart] == " " { valueStart += 1 }
        let value = String(chars[min(valueStart, chars.count)...]).trimmingTrailingSpaces()
        if key == "title" {
            guard openVariant == nil else { throw LineError(tokens[0].column, "a title belongs outside 'when' blocks") }
            if title != nil { throw LineError(tokens[0].column, "the block already has a title") }
            let parts = value.split(separator: "|", maxSplits: 1).map { String($0).trimmingSpaces() }
            if parts.count == 2 {
                title = LocalizedText(english: parts[0], japanese: parts[1])
            } else {
                title = LocalizedText(english: value, japanese: value)
                diagnostics.append(.warning(
                    "the title has one language; write 'title: English | 日本語'", at: location(line, tokens[0].column)))
            }
            return
        }
        if key == "show" {
            try parseShow(tokens, line: line, value: value, valueColumn: min(valueStart, chars.count))
            return
        }
        guard BlockSetting.environmentKeys.contains(key) else {
            throw LineError(tokens[0].column, "unknown setting '\(key)'\(DidYouMean.hint(for: key, in: BlockSetting.all))")
        }
        guard openVariant == nil else {
            throw LineError(tokens[0].column, "'\(key):' chooses the environments of the whole block; move it outside the 'when' block")
        }
        if let previous = environmentLines.first(where: { $0.key == key }) {
            throw LineError(tokens[0].column, "'\(key):' is already set on line \(previous.location.line)")
        }
        environmentLines.append(EnvironmentLine(
            key: key, value: value, location: location(line, tokens[0].column),
            valueLocation: location(line, min(valueStart, chars.count))))
    }

    /// `show: iphone-se/portrait`: one environment id, checked against the
    /// block's environments by the engine.
    private mutating func parseShow(_ tokens: [Token], line: Int, value: String, valueColumn: Int) throws(LineError) {
        guard openVariant == nil else {
            throw LineError(tokens[0].column, "'show:' chooses where the block's gallery opens; move it outside the 'when' block")
        }
        if let previous = shownEnvironment {
            throw LineError(tokens[0].column, "'show:' is already set on line \(previous.location.line)")
        }
        // Ids hold single slashes but never '#' or '//': what follows is a comment.
        var value = Substring(value)
        if let comment = value.firstIndex(of: "#") { value = value[..<comment] }
        if let comment = value.firstRange(of: "//") { value = value[..<comment.lowerBound] }
        while value.last == " " || value.last == "\t" { value = value.dropLast() }
        guard !value.isEmpty else {
            throw LineError(tokens[1].column, "expected an environment after 'show:', as in 'show: iphone-x/portrait'")
        }
        if let space = value.firstIndex(where: { $0 == "," || $0 == " " || $0 == "\t" }) {
            let column = valueColumn + value.distance(from: value.startIndex, to: space)
            throw LineError(column, "'show:' names one environment, as in 'show: iphone-x/portrait'")
        }
        shownEnvironment = EnvironmentLine(
            key: "show", value: String(value), location: location(line, tokens[0].column),
            valueLocation: location(line, valueColumn))
    }

    // MARK: Declarations

    private mutating func parseDeclaration(_ kind: ViewKind, _ tokens: [Token], line: Int) throws(LineError) {
        guard openVariant == nil else {
            throw LineError(tokens[0].column, "declare views outside 'when' blocks; use 'hide' to remove one in a variant")
        }
        guard tokens.count >= 2, let name = tokens[1].identifier else {
            throw LineError(tokens.count > 1 ? tokens[1].column : tokens[0].column,
                            "expected a name after '\(kind.rawValue)', as in '\(kind.rawValue) hero \"Hero\" \"ヒーロー\"'")
        }
        try checkNewName(name, column: tokens[1].column)
        var labels: [String] = []
        for token in tokens.dropFirst(2) {
            guard case .string(let text) = token.kind else {
                throw LineError(token.column, "expected a quoted label, found '\(token.text)'")
            }
            guard labels.count < 2 else {
                throw LineError(token.column, "a view has at most two labels: English, then Japanese")
            }
            labels.append(text)
        }
        views.append(ViewDeclaration(
            name: name, kind: kind, label: labels.first ?? "", labelJapanese: labels.count > 1 ? labels[1] : "",
            location: location(line, tokens[0].column)))
    }

    private func checkNewName(_ name: String, column: Int) throws(LineError) {
        if reservedWords.contains(name) {
            throw LineError(column, "'\(name)' is a reserved word; choose another name")
        }
        if name.contains(".") { throw LineError(column, "a name cannot contain '.'") }
        if let previous = views.first(where: { $0.name == name }) {
            throw LineError(column, "'\(name)' is already declared on line \(previous.location.line)")
        }
        if let previous = guides.first(where: { $0.name == name }) {
            throw LineError(column, "'\(name)' is already declared on line \(previous.location.line)")
        }
        if let previous = stacks.first(where: { $0.name == name }) ?? variants.flatMap(\.stacks).first(where: { $0.name == name })
            ?? openVariant?.stacks.first(where: { $0.name == name }) {
            throw LineError(column, "'\(name)' is already declared on line \(previous.location.line)")
        }
    }

    /// `guide NAME`: a layout guide of the block's own, an invisible
    /// rectangle to hang constraints on (a spacer, a column).
    private mutating func parseGuide(_ tokens: [Token], line: Int) throws(LineError) {
        guard openVariant == nil else { throw LineError(tokens[0].column, "declare guides outside 'when' blocks") }
        guard tokens.count >= 2, let name = tokens[1].identifier else {
            throw LineError(tokens.count > 1 ? tokens[1].column : tokens[0].column, "expected a name after 'guide'")
        }
        try checkNewName(name, column: tokens[1].column)
        if tokens.count > 2 { throw LineError(tokens[2].column, "unexpected '\(tokens[2].text)'") }
        guides.append(GuideDeclaration(name: name, location: location(line, tokens[0].column)))
    }

    // MARK: Variants

    private mutating func parseWhen(_ tokens: [Token], line: Int) throws(LineError) {
        guard openVariant == nil else {
            throw LineError(tokens[0].column, "'when' blocks cannot nest; combine the conditions with 'and'")
        }
        var cursor = TokenCursor(tokens: tokens, index: 1)
        var conditions: [TraitCondition] = []
        while true {
            conditions.append(try parseCondition(&cursor))
            if cursor.peek?.isIdentifier("and") == true {
                cursor.index += 1
                continue
            }
            break
        }
        guard let brace = cursor.peek, brace.isSymbol("{") else {
            throw LineError(cursor.peek?.column ?? cursor.endColumn, "expected '{' to open the variant")
        }
        cursor.index += 1
        if let extra = cursor.peek {
            throw LineError(extra.column, "put the variant's lines on their own lines after '{'")
        }
        openVariant = TraitVariant(conditions: conditions, constraints: [], stacks: [], hidden: [],
                                   location: location(line, tokens[0].column))
    }

    private func parseCondition(_ cursor: inout TokenCursor) throws(LineError) -> TraitCondition {
        guard let token = cursor.next(), let word = token.identifier else {
            throw LineError(cursor.lastColumn, "expected a trait: 'width is compact', 'landscape', 'pad', 'textSize >= AX1'")
        }
        switch word {
        case "landscape": return .landscape(true)
        case "portrait": return .landscape(false)
        case "pad": return .pad(true)
        case "phone": return .pad(false)
        case "width", "height":
            guard cursor.next()?.isIdentifier("is") == true else {
                throw LineError(cursor.lastColumn, "expected 'is' after '\(word)', as in '\(word) is compact'")
            }
            guard let classToken = cursor.next(), let value = classToken.identifier,
                  value == "compact" || value == "regular" else {
                throw LineError(cursor.lastColumn, "expected 'compact' or 'regular'")
            }
            let regular = value == "regular"
            return word == "width" ? .horizontalSizeClass(isRegular: regular) : .verticalSizeClass(isRegular: regular)
        case "textSize":
            guard let relationToken = cursor.next() else {
                throw LineError(cursor.lastColumn, "expected a relation after 'textSize', as in 'textSize >= AX1'")
            }
            let relation = try relation(of: relationToken)
            guard let sizeToken = cursor.next(), let name = sizeToken.identifier,
                  let index = TextSizeName.index(of: name) else {
                let column = cursor.lastColumn
                throw LineError(column, "expected a text size: \(TextSizeName.all.joined(separator: ", "))")
            }
            return .textSize(relation, index: index)
        default:
            let hint = DidYouMean.hint(for: word, in: ["width", "height", "landscape", "portrait", "pad", "phone", "textSize"])
            throw LineError(token.column, "unknown trait '\(word)'\(hint)")
        }
    }

    private mutating func parseHide(_ tokens: [Token], line: Int) throws(LineError) {
        guard openVariant != nil else {
            throw LineError(tokens[0].column, "'hide' belongs inside a 'when' block")
        }
        var expectName = true
        for token in tokens.dropFirst() {
            if expectName {
                guard let name = token.identifier else { throw LineError(token.column, "expected a view name to hide") }
                openVariant?.hidden.append(name)
                hideReferences.append((name, location(line, token.column)))
            } else if !token.isSymbol(",") {
                throw LineError(token.column, "separate the views to hide with ','")
            }
            expectName.toggle()
        }
        if tokens.count == 1 { throw LineError(tokens[0].column + 4, "expected a view name to hide") }
    }

    // MARK: Stacks

    private mutating func parseStack(_ tokens: [Token], line: Int, raw: String) throws(LineError) {
        var cursor = TokenCursor(tokens: tokens, index: 1)
        guard let nameToken = cursor.next(), let name = nameToken.identifier else {
            throw LineError(cursor.lastColumn, "expected a stack name, as in 'stack buttons H [cancel, ok] spacing 8'")
        }
        try checkNewName(name, column: nameToken.column)
        guard let axisToken = cursor.next(), let axisWord = axisToken.identifier else {
            throw LineError(cursor.lastColumn, "expected the stack's axis: 'H' or 'V'")
        }
        let axis: StackDeclaration.Axis
        switch axisWord {
        case "H", "horizontal": axis = .horizontal
        case "V", "vertical": axis = .vertical
        default: throw LineError(axisToken.column, "expected the stack's axis 'H' or 'V', found '\(axisWord)'")
        }
        guard cursor.next()?.isSymbol("[") == true else {
            throw LineError(cursor.lastColumn, "expected '[' and the stacked views, as in '[cancel, ok]'")
        }
        var members: [String] = []
        while true {
            guard let token = cursor.next(), let member = token.identifier else {
                throw LineError(cursor.lastColumn, "expected a view name in the stack")
            }
            guard members.count < LayoutLimits.maximumStackViews else {
                throw LineError(token.column, LayoutLimitViolation.stackTooLarge.message)
            }
            members.append(member)
            references.append((member, location(line, token.column)))
            guard let separator = cursor.next() else { throw LineError(cursor.endColumn, "expected ']' to close the stack") }
            if separator.isSymbol("]") { break }
            guard separator.isSymbol(",") else { throw LineError(separator.column, "separate stacked views with ','") }
        }
        var spacing = 0.0
        var alignment = StackDeclaration.Alignment.fill
        var distribution = StackDeclaration.Distribution.fill
        while let option = cursor.next() {
            switch option.identifier {
            case "spacing":
                spacing = try parseConstant(&cursor)
            case "align", "alignment":
                guard let valueToken = cursor.next(), let value = valueToken.identifier else {
                    throw LineError(cursor.lastColumn, "expected an alignment: fill, leading, center, trailing")
                }
                let aliases: [String: StackDeclaration.Alignment] = ["top": .leading, "bottom": .trailing]
                guard let parsed = StackDeclaration.Alignment(rawValue: value) ?? aliases[value] else {
                    let hint = DidYouMean.hint(for: value, in: StackDeclaration.Alignment.allCases.map(\.rawValue))
                    throw LineError(valueToken.column, "unknown alignment '\(value)'\(hint)")
                }
                alignment = parsed
            case "distribution":
                guard let valueToken = cursor.next(), let value = valueToken.identifier else {
                    throw LineError(cursor.lastColumn, "expected a distribution: fill, fillEqually, equalSpacing")
                }
                guard let parsed = StackDeclaration.Distribution(rawValue: value) else {
                    let hint = DidYouMean.hint(for: value, in: StackDeclaration.Distribution.allCases.map(\.rawValue))
                    throw LineError(valueToken.column, "unknown distribution '\(value)'\(hint)")
                }
                distribution = parsed
            default:
                let hint = DidYouMean.hint(for: option.text, in: ["spacing", "align", "distribution"])
                throw LineError(option.column, "unknown stack option '\(option.text)'\(hint)")
            }
        }
        let stack = StackDeclaration(
            name: name, axis: axis, views: members, spacing: spacing, alignment: alignment,
            distribution: distribution, location: location(line, tokens[0].column),
            text: statementText(tokens, raw: raw))
        constraintCount += members.count
        if openVariant != nil { openVariant?.stacks.append(stack) } else { stacks.append(stack) }
    }

    // MARK: Constraints

    private mutating func emit(_ constraint: LayoutConstraint) {
        constraintCount += 1
        if openVariant != nil { openVariant?.constraints.append(constraint) } else { constraints.append(constraint) }
    }

    /// An anchor word: one attribute or a compound (`edges`, `size`, …).
    private enum AnchorWord {
        case single(LayoutAttribute)
        case compound(CompoundAnchor)

        var name: String {
            switch self {
            case .single(let a): a.rawValue
            case .compound(let c): c.rawValue
            }
        }
    }

    /// - Parameter leftSide: Whether the anchor starts a line, where a
    ///   property (`hugging`, `lines`) could stand instead.
    private func anchorWord(_ token: Token?, after item: String, column: Int, leftSide: Bool = false) throws(LineError) -> AnchorWord {
        guard let token, let word = token.identifier else {
            throw LineError(token?.column ?? column, "expected an anchor after '\(item).'")
        }
        if let attribute = LayoutAttribute(rawValue: word) { return .single(attribute) }
        if let compound = CompoundAnchor(rawValue: word) { return .compound(compound) }
        let properties = ViewProperty.allCases.map(\.rawValue)
        if properties.contains(word) {
            throw LineError(token.column, "'\(word)' is a property of '\(item)', not an anchor; set it on a line of its own, as in '\(item).\(word) = \(ViewProperty(rawValue: word)?.example ?? "")'")
        }
        if leftSide, let suggestion = DidYouMean.suggestion(for: word, in: anchorVocabulary + properties),
           properties.contains(suggestion) {
            throw LineError(token.column, "unknown property '\(word)'; did you mean '\(suggestion)'?")
        }
        throw LineError(token.column, "unknown anchor '\(word)'\(DidYouMean.hint(for: word, in: anchorVocabulary))")
    }

    private func relation(of token: Token) throws(LineError) -> LayoutRelation {
        if case .symbol(let symbol) = token.kind {
            switch symbol {
            case "=", "==": return .equal
            case "<=": return .lessThanOrEqual
            case ">=": return .greaterThanOrEqual
            case "<", ">":
                throw LineError(token.column,
                    "strict '\(symbol)' is not supported: a constraint is solved as an equality or a non-strict inequality; write '\(symbol)='")
            default: break
            }
        }
        throw LineError(token.column, "expected a relation '=', '<=' or '>=', found '\(token.text)'")
    }

    /// A number, a percentage, a fraction `3/4`, or `standard` (8 pt).
    private func parseConstant(_ cursor: inout TokenCursor) throws(LineError) -> Double {
        var sign = 1.0
        if cursor.peek?.isSymbol("-") == true {
            sign = -1
            cursor.index += 1
        }
        guard let token = cursor.next() else { throw LineError(cursor.endColumn, "expected a number") }
        switch token.kind {
        case .number(let value):
            if cursor.peek?.isSymbol("/") == true, case .number(let denominator)? = cursor.peek(1)?.kind {
                guard denominator != 0 else { throw LineError(cursor.peek(1)?.column ?? token.column, "division by zero") }
                cursor.index += 2
                try checkRange(value / denominator, token, cursor.peek(-2), cursor.peek(-1))
                return sign * value / denominator
            }
            return sign * value
        case .identifier("standard"):
            return sign * standardSpacing
        default:
            throw LineError(token.column, "expected a number, found '\(token.text)'")
        }
    }

    /// Rejects a fraction whose value is out of the language's range
    /// (`100000/0.5`), at its numerator.
    private func checkRange(_ value: Double, _ numerator: Token, _ separator: Token?, _ denominator: Token?) throws(LineError) {
        let text = numerator.text + (separator?.text ?? "/") + (denominator?.text ?? "")
        if let violation = LayoutLimitViolation.range(of: value, text: text, isLiteral: false) {
            throw LineError(numerator.column, violation.message)
        }
    }

    /// A multiplier: `0.6`, `60%`, `3/4`; nil if the cursor is not at one.
    private func parseMultiplier(_ cursor: inout TokenCursor) throws(LineError) -> (value: Double, token: Token)? {
        guard let token = cursor.peek else { return nil }
        switch token.kind {
        case .percent(let value):
            cursor.index += 1
            return (value, token)
        case .number(let value):
            // A number is a multiplier only when an item follows (`0.6 * safe.width`, `3/4 * a.width`).
            var look = 1
            var result = value
            if cursor.peek(1)?.isSymbol("/") == true, case .number(let d)? = cursor.peek(2)?.kind {
                guard d != 0 else { throw LineError(cursor.peek(2)?.column ?? token.column, "division by zero") }
                result = value / d
                try checkRange(result, token, cursor.peek(1), cursor.peek(2))
                look = 3
            }
            if cursor.peek(look)?.isSymbol("*") == true {
                cursor.index += look
                return (result, token)
            }
            return nil
        default:
            return nil
        }
    }

    private mutating func parsePriority(_ cursor: inout TokenCursor) throws(LineError) -> Int? {
        guard let at = cursor.peek, at.isSymbol("@") else { return nil }
        cursor.index += 1
        guard let token = cursor.next() else {
            throw LineError(at.column + 1, "expected a priority after '@': a number from 1 to 1000, 'required', 'high' or 'low'")
        }
        switch token.kind {
        case .number(let value):
            guard value == value.rounded(), value >= 1, value <= 1000 else {
                throw LineError(token.column, "a priority is a whole number from 1 to 1000, found '\(token.text)'")
            }
            return Int(value)
        case .identifier(let word):
            if let value = LayoutPriority.named[word] { return value }
            let hint = DidYouMean.hint(for: word, in: LayoutPriority.named.keys.sorted())
            throw LineError(token.column, "unknown priority '\(word)'\(hint)")
        default:
            throw LineError(token.column, "expected a priority after '@', found '\(token.text)'")
        }
    }

    private mutating func parseConstraint(_ tokens: [Token], line: Int, raw: String) throws(LineError) {
        let text = statementText(tokens, raw: raw)
        let here = location(line, tokens[0].column)
        var cursor = TokenCursor(tokens: tokens, index: 0)
        guard let itemToken = cursor.next(), let item = itemToken.identifier else {
            throw LineError(tokens[0].column, "expected a view or guide name")
        }
        references.append((item, location(line, itemToken.column)))
        cursor.index += 1  // the '.'
        let anchorToken = cursor.next()
        if let anchorToken, let word = anchorToken.identifier, let property = ViewProperty(rawValue: word) {
            try parseProperty(property, of: itemToken, propertyToken: anchorToken, cursor: cursor, line: line, text: text)
            return
        }
        let left = try anchorWord(anchorToken, after: item, column: cursor.endColumn, leftSide: true)
        guard let relationToken = cursor.next() else {
            throw LineError(cursor.endColumn, "expected a relation '=', '<=' or '>=' after '\(item).\(left.name)'")
        }
        let relation = try relation(of: relationToken)

        // aspect = ratio
        if case .compound(.aspect) = left {
            let ratio = try parseRatio(&cursor)
            let priority = try parsePriority(&cursor) ?? LayoutPriority.required
            try expectEnd(cursor)
            emit(LayoutConstraint(
                ItemAnchor(item, .width), relation, multiplier: ratio, ItemAnchor(item, .height), constant: 0,
                priority: priority, location: here, text: text,
                key: ConstraintKey(anchor: "\(item).aspect", relation: relation)))
            return
        }

        // Right side: [multiplier] item[.anchor] [* m] [± constant]… [inset n] | constant
        var multiplier = 1.0
        var multiplierToken: Token?
        if let m = try parseMultiplier(&cursor) {
            multiplier = m.value
            multiplierToken = m.token
            if cursor.peek?.isSymbol("*") == true { cursor.index += 1 }
        } else if case .number? = cursor.peek?.kind, cursor.peek(1)?.isSymbol(":") == true {
            throw LineError(cursor.peek?.column ?? 0, "a ratio such as 4:3 only sets an aspect ('\(item).aspect = 4:3'); write a multiplier as 4/3 or 133%")
        }
        var second: (item: String, anchor: AnchorWord?, token: Token, anchorToken: Token?)?
        if let token = cursor.peek, let name = token.identifier, name != "standard" {
            cursor.index += 1
            references.append((name, location(line, token.column)))
            var anchor: AnchorWord?
            var secondAnchorToken: Token?
            if cursor.peek?.isSymbol(".") == true {
                cursor.index += 1
                secondAnchorToken = cursor.peek
                anchor = try anchorWord(cursor.next(), after: name, column: cursor.endColumn)
            }
            second = (name, anchor, token, secondAnchorToken)
            if multiplierToken == nil, cursor.peek?.isSymbol("*") == true || cursor.peek?.isSymbol("/") == true {
                let isDivision = cursor.peek?.isSymbol("/") == true
                cursor.index += 1
                let value: Double
                if case .percent(let p)? = cursor.peek?.kind {
                    cursor.index += 1
                    value = p
                } else {
                    value = try parseConstant(&cursor)
                }
                if isDivision {
                    guard value != 0 else { throw LineError(cursor.lastColumn, "division by zero") }
                    multiplier = 1 / value
                } else {
                    multiplier = value
                }
            }
        } else if let m = multiplierToken {
            throw LineError(m.column, "'\(m.text)' of what? name the anchor, as in '\(m.text) safe.width'")
        }
        var constant = 0.0
        var sawConstant = false
        let constantColumn = cursor.peek?.column ?? cursor.endColumn
        if second == nil {
            constant = try parseConstant(&cursor)
            sawConstant = true
        }
        while let token = cursor.peek, token.isSymbol("+") || token.isSymbol("-") {
            cursor.index += 1
            let value = try parseConstant(&cursor)
            constant += token.isSymbol("+") ? value : -value
            sawConstant = true
        }
        var inset: (value: Double, token: Token)?
        if let token = cursor.peek, token.isIdentifier("inset") {
            cursor.index += 1
            guard second != nil, !sawConstant else {
                throw LineError(token.column, "'inset' follows an anchor, as in '\(item).edges = safe.edges inset 16'; it replaces '+ constant'")
            }
            inset = (try parseConstant(&cursor), token)
        }
        let priority = try parsePriority(&cursor) ?? LayoutPriority.required
        try expectEnd(cursor)

        // Expand to single-anchor constraints and type-check them.
        func make(_ a: LayoutAttribute, _ b: LayoutAttribute?, constant c: Double, relation r: LayoutRelation,
                  keyRelation: LayoutRelation) -> LayoutConstraint {
            LayoutConstraint(
                ItemAnchor(item, a), r, multiplier: b == nil ? 1 : multiplier, b.map { ItemAnchor(second?.item ?? "", $0) },
                constant: c, priority: priority, location: here, text: text,
                key: ConstraintKey(anchor: "\(item).\(a.rawValue)", relation: keyRelation))
        }
        let rightColumn = second?.anchorToken?.column ?? second?.token.column ?? constantColumn

        switch left {
        case .single(let attribute):
            var rightAttribute: LayoutAttribute?
            if let second {
                switch second.anchor {
                case nil: rightAttribute = attribute
                case .single(let a): rightAttribute = a
                case .compound(let c):
                    throw LineError(rightColumn, "cannot relate the single anchor '\(attribute.rawValue)' to '\(c.rawValue)'")
                }
            }
            if let rightAttribute {
                try typeCheck(attribute, rightAttribute, column: rightColumn)
            } else if attribute.axis != .dimension {
                throw LineError(rightColumn, "a position needs a reference: write '\(item).\(attribute.rawValue) = safe.\(attribute.rawValue) + \(formatNumber(constant))'")
            }
            if let inset {
                guard let sign = attribute.insetSign, rightAttribute == attribute else {
                    throw LineError(inset.token.column, "'inset' measures inward between the same edges, as in '\(item).bottom = safe.bottom inset 16'")
                }
                emit(make(attribute, rightAttribute, constant: sign * inset.value,
                          relation: sign > 0 ? relation : relation.flipped, keyRelation: relation))
            } else {
                emit(make(attribute, rightAttribute, constant: constant, relation: relation, keyRelation: relation))
            }
        case .compound(let compound):
            switch compound {
            case .edges, .horizontalEdges, .verticalEdges:
                guard let second else {
                    throw LineError(rightColumn, "'\(compound.rawValue)' needs a view or guide, as in '\(item).\(compound.rawValue) = safe inset 16'")
                }
                if let anchor = second.anchor, anchor.name != compound.rawValue {
                    throw LineError(rightColumn, "cannot relate '\(compound.rawValue)' to '\(anchor.name)'")
                }
                if sawConstant {
                    throw LineError(relationToken.column, "write an inward distance with 'inset', as in '\(item).\(compound.rawValue) = \(second.item) inset 16'")
                }
                if multiplierToken != nil || multiplier != 1 {
                    throw LineError(rightColumn, "'\(compound.rawValue)' takes no multiplier")
                }
                let value = inset?.value ?? 0
                for attribute in compound.attributes {
                    let sign = attribute.insetSign ?? 1
                    emit(make(attribute, attribute, constant: sign * value,
                              relation: sign > 0 ? relation : relation.flipped, keyRelation: relation))
                }
            case .size:
                if inset != nil { throw LineError(inset?.token.column ?? 0, "'inset' applies to edges, not to 'size'") }
                if let second, let anchor = second.anchor, anchor.name != "size" {
                    throw LineError(rightColumn, "cannot relate 'size' to '\(anchor.name)'")
                }
                for attribute in compound.attributes {
                    emit(make(attribute, second == nil ? nil : attribute, constant: constant, relation: relation, keyRelation: relation))
                }
            case .center:
                guard let second else {
                    throw LineError(rightColumn, "a position needs a reference: write '\(item).center = safe.center'")
                }
                if let anchor = second.anchor, anchor.name != "center" {
                    throw LineError(rightColumn, "cannot relate 'center' to '\(anchor.name)'")
                }
                if sawConstant || inset != nil {
                    throw LineError(relationToken.column, "'center' takes no offset; set centerX and centerY on separate lines")
                }
                for attribute in compound.attributes {
                    emit(make(attribute, attribute, constant: 0, relation: relation, keyRelation: relation))
                }
            case .aspect:
                break  // handled above
            }
        }
    }

    // MARK: View properties

    /// `title.hugging = 251`, `note.lines = 0`: a property of one view.
    ///
    /// A content priority compiles to content-size constraints, one per
    /// dimension, keyed so that a variant's line replaces the base one per
    /// axis; `lines` is kept apart, as it is not a constraint.
    private mutating func parseProperty(
        _ property: ViewProperty, of itemToken: Token, propertyToken: Token, cursor start: TokenCursor, line: Int, text: String
    ) throws(LineError) {
        var cursor = start
        let view = itemToken.text
        let name = "\(view).\(property.rawValue)"
        guard let relationToken = cursor.next() else {
            throw LineError(cursor.endColumn, "expected '=' and a value after '\(name)', as in '\(name) = \(property.example)'")
        }
        guard relationToken.isSymbol("=") || relationToken.isSymbol("==") else {
            throw LineError(relationToken.column, "'\(property.rawValue)' is a value set with '=', not a constraint; write '\(name) = \(property.example)'")
        }
        let value = property == .lines ? try parseLineCount(&cursor) : try parsePropertyPriority(&cursor, name: name)
        try expectEnd(cursor)
        let here = location(line, itemToken.column)
        propertyUses.append((view, property, here))

        let scopeConstraints = openVariant?.constraints ?? constraints
        guard let (relation, dimensions) = property.contentPriority else {
            let scopeLimits = openVariant?.lineLimits ?? lineLimits
            if let previous = scopeLimits.first(where: { $0.view == view }) {
                throw LineError(propertyToken.column, "the line count of '\(view)' is already set on line \(previous.location.line)")
            }
            let limit = LineLimit(view: view, lines: value, location: here)
            if openVariant != nil { openVariant?.lineLimits.append(limit) } else { lineLimits.append(limit) }
            return
        }
        for dimension in dimensions {
            let key = ViewProperty.key(view: view, relation: relation, dimension: dimension)
            if let previous = scopeConstraints.first(where: { $0.isContentSize && $0.key == key }) {
                throw LineError(propertyToken.column,
                    "the \(ViewProperty.describe(relation: relation, dimension: dimension)) of '\(view)' is already set on line \(previous.location.line)")
            }
        }
        for dimension in dimensions {
            emit(LayoutConstraint(
                ItemAnchor(view, dimension), relation, nil, priority: value, location: here, text: text,
                key: ViewProperty.key(view: view, relation: relation, dimension: dimension), isContentSize: true))
        }
    }

    /// A content priority's value: 1…1000 or a priority's name.
    private func parsePropertyPriority(_ cursor: inout TokenCursor, name: String) throws(LineError) -> Int {
        let expected = "a priority from 1 to 1000, 'required', 'high' or 'low'"
        guard let token = cursor.next() else { throw LineError(cursor.endColumn, "expected \(expected)") }
        switch token.kind {
        case .number(let value):
            guard value == value.rounded(), value >= 1, value <= 1000 else {
                throw LineError(token.column, "a priority is a whole number from 1 to 1000, found '\(token.text)'")
            }
            return Int(value)
        case .identifier(let word):
            if let value = LayoutPriority.named[word] { return value }
            let hint = DidYouMean.hint(for: word, in: LayoutPriority.named.keys.sorted())
            throw LineError(token.column, "unknown priority '\(word)'\(hint)")
        case .symbol("@"):
            throw LineError(token.column, "the value is the priority itself; write it without '@', as in '\(name) = 251'")
        case .symbol("-"):
            let number = cursor.peek.map { "-" + $0.text } ?? "-"
            throw LineError(token.column, "a priority is a whole number from 1 to 1000, found '\(number)'")
        default:
            throw LineError(token.column, "expected \(expected), found '\(token.text)'")
        }
    }

    /// A label's line count: 0 (as many as needed) or a whole number.
    private func parseLineCount(_ cursor: inout TokenCursor) throws(LineError) -> Int {
        let expected = "'lines' is 0 (as many lines as the text needs) or the most lines to use"
        guard let token = cursor.next() else { throw LineError(cursor.endColumn, "expected a number: \(expected)") }
        switch token.kind {
        case .number(let value):
            guard value == value.rounded(), value <= 1000 else {
                throw LineError(token.column, "\(expected), a whole number; found '\(token.text)'")
            }
            return Int(value)
        case .symbol("-"):
            let number = cursor.peek.map { "-" + $0.text } ?? "-"
            throw LineError(token.column, "\(expected); found '\(number)'")
        default:
            throw LineError(token.column, "\(expected); found '\(token.text)'")
        }
    }

    /// `4:3`, `4/3`, `1.5`, `133%`: width divided by height.
    private func parseRatio(_ cursor: inout TokenCursor) throws(LineError) -> Double {
        guard let token = cursor.next() else {
            throw LineError(cursor.endColumn, "expected a ratio such as 4:3")
        }
        switch token.kind {
        case .percent(let value):
            return value
        case .number(let value):
            if cursor.peek?.isSymbol(":") == true || cursor.peek?.isSymbol("/") == true {
                cursor.index += 1
                guard case .number(let d)? = cursor.next()?.kind else {
                    throw LineError(cursor.lastColumn, "expected a number after '\(token.text)'")
                }
                guard d != 0, value != 0 else { throw LineError(token.column, "an aspect ratio cannot be zero") }
                try checkRange(value / d, token, cursor.peek(-2), cursor.peek(-1))
                return value / d
            }
            guard value != 0 else { throw LineError(token.column, "an aspect ratio cannot be zero") }
            return value
        default:
            throw LineError(token.column, "an aspect is a ratio such as 4:3, 16/9 or 1.5 (width ÷ height), found '\(token.text)'")
        }
    }

    /// Rejects anchors that Auto Layout cannot relate.
    private func typeCheck(_ a: LayoutAttribute, _ b: LayoutAttribute, column: Int) throws(LineError) {
        if a.axis != b.axis {
            func describe(_ x: LayoutAttribute) -> String {
                switch x.axis {
                case .horizontal: "x-axis anchor '\(x.rawValue)'"
                case .vertical: "y-axis anchor '\(x.rawValue)'"
                case .dimension: "dimension '\(x.rawValue)'"
                }
            }
            throw LineError(column, "cannot relate \(describe(a)) to \(describe(b))")
        }
        if (a.isDirectional && b.isAbsoluteHorizontalEdge) || (a.isAbsoluteHorizontalEdge && b.isDirectional) {
            throw LineError(column, "cannot relate '\(a.rawValue)' to '\(b.rawValue)': leading and trailing follow the text direction, left and right do not; use the same pair on both sides")
        }
    }

    private func expectEnd(_ cursor: TokenCursor) throws(LineError) {
        if let extra = cursor.peek {
            if extra.isIdentifier("inset") {
                throw LineError(extra.column, "'inset' follows an anchor and replaces '+ constant'")
            }
            throw LineError(extra.column, "unexpected '\(extra.text)'")
        }
    }

    // MARK: Visual format language

    private mutating func parseVisualFormat(_ tokens: [Token], line: Int, raw: String) throws(LineError) {
        let text = statementText(tokens, raw: raw)
        let base = source.firstLine
        var format = VisualFormatParser(tokens: tokens, location: location(line, tokens[0].column), text: text) { column in
            SourceLocation(file: base.file, line: base.line + line, column: base.column + column)
        }
        let result = try format.parse()
        references += result.references
        for constraint in result.constraints { emit(constraint) }
    }

    // MARK: Checks once everything is declared

    private mutating func check() {
        let viewNames = Set(views.map(\.name))
        let allStacks = stacks + variants.flatMap(\.stacks)
        let stackNames = Set(allStacks.map(\.name))
        let known = viewNames.union(stackNames).union(SystemGuide.all).union(guides.map(\.name))
        let candidates = views.map(\.name) + allStacks.map(\.name) + guides.map(\.name) + SystemGuide.all
        var reported: Set<SourceLocation> = []
        for reference in references where !known.contains(reference.name) && !reported.contains(reference.location) {
            reported.insert(reference.location)
            diagnostics.append(.error(
                "unknown view or guide '\(reference.name)'\(DidYouMean.hint(for: reference.name, in: candidates))",
                at: reference.location))
        }
        for use in propertyUses {
            if let view = views.first(where: { $0.name == use.view }) {
                if use.property == .lines, view.kind != .label {
                    diagnostics.append(.error(
                        "'lines' applies to labels; '\(view.name)' is \(view.kind.withArticle)", at: use.location))
                } else if use.property != .lines, !view.kind.hasIntrinsicContentSize {
                    diagnostics.append(.error(
                        "'\(view.name)' is \(view.kind.withArticle), which has no intrinsic content size; '\(use.property.rawValue)' applies to views that have one: labels, buttons, fields and toggles",
                        at: use.location))
                }
            } else if known.contains(use.view) {
                let what = use.property == .lines ? "labels" : "views with an intrinsic content size (labels, buttons, fields and toggles)"
                diagnostics.append(.error(
                    "'\(use.property.rawValue)' applies to \(what); '\(use.view)' is \(stackNames.contains(use.view) ? "a stack" : "a guide")",
                    at: use.location))
            }
        }
        for reference in hideReferences where !viewNames.contains(reference.name) {
            diagnostics.append(.error(
                "'hide' takes a declared view; '\(reference.name)' is not one\(DidYouMean.hint(for: reference.name, in: views.map(\.name)))",
                at: reference.location))
        }
        // Stacked items must be views, each in one stack only.
        var arranged: [String: StackDeclaration] = [:]
        for stack in allStacks {
            for member in stack.views {
                if SystemGuide.all.contains(member) || stackNames.contains(member) || guides.contains(where: { $0.name == member }) {
                    diagnostics.append(.error("a stack arranges views; '\(member)' is not a view", at: stack.location))
                } else if let previous = arranged[member], previous.name != stack.name || previous.location != stack.location {
                    diagnostics.append(.error(
                        "'\(member)' is already arranged in stack '\(previous.name)' on line \(previous.location.line)",
                        at: stack.location))
                }
                arranged[member] = stack
            }
        }
        checkPercentagesWithCaps(constraints, label: nil)
        for variant in variants {
            let keys = Set(variant.constraints.map(\.key))
            let merged = constraints.filter { !keys.contains($0.key) } + variant.constraints
            checkPercentagesWithCaps(merged, label: variant)
        }
    }

    /// Warns when an attribute has both a required proportion of another
    /// item (`hero.width = 60% safe.width`) and a required cap or floor
    /// (`hero.width <= 400`): wherever they disagree one of them must break,
    /// and Auto Layout would pick which one. The percentage should yield.
    private mutating func checkPercentagesWithCaps(_ list: [LayoutConstraint], label variant: TraitVariant?) {
        let required = list.filter { $0.isRequired && !$0.isContentSize }
        for proportion in required where proportion.relation == .equal && proportion.multiplier != 1
            && proportion.second != nil && proportion.second?.item != proportion.first.item {
            for cap in required where cap.first == proportion.first && cap.relation != .equal && cap.second == nil {
                // Report each pair once: in the base, or in the variant that introduced one of the two lines.
                if let variant, !variant.constraints.contains(proportion) && !variant.constraints.contains(cap) { continue }
                diagnostics.append(.warning(
                    "'\(proportion.first)' has a required proportion (line \(proportion.location.line)) and a required limit; where they disagree one must break: give the proportion a lower priority, such as @750",
                    at: cap.location,
                    notes: [.note("the proportion is here", at: proportion.location)]))
            }
        }
    }
}

/// The standard spacing between sibling views, in points (Auto Layout's
/// system spacing): what `standard` and VFL's `-` between views mean.
let standardSpacing = 8.0

/// A position in one line's tokens.
struct TokenCursor {
    var tokens: [Token]
    var index: Int

    var peek: Token? { index < tokens.count ? tokens[index] : nil }
    func peek(_ offset: Int) -> Token? { index + offset < tokens.count ? tokens[index + offset] : nil }
    mutating func next() -> Token? {
        defer { index += 1 }
        return peek
    }
    /// The column just after the last token, for "expected …" at the end.
    var endColumn: Int {
        guard let last = tokens.last else { return 0 }
        return last.column + last.text.count
    }
    /// The column of the token just read, or the end of the line.
    var lastColumn: Int {
        let i = index - 1
        return i >= 0 && i < tokens.count ? tokens[i].column : endColumn
    }
}

extension ViewKind {
    /// "an image", "a label": the kind in a sentence.
    fileprivate var withArticle: String { self == .image ? "an image" : "a \(rawValue)" }
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
