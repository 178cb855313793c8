import KumikiSupport

// Trait variants: `when CONDITION and CONDITION {`, and `hide` inside them.

extension StatementParser {
    /// The conditions of a `when … {` line.
    func conditions() throws(LineError) -> [TraitCondition] {
        var cursor = TokenCursor(tokens: tokens, index: 1)
        var conditions: [TraitCondition] = []
        while true {
            conditions.append(try condition(&cursor))
            if cursor.peek?.isIdentifier("and") == true {
                cursor.index += 1
                continue
            }
            break
        }
        guard let brace = cursor.peek, brace.isSymbol("{") else {
            throw LineError(cursor.peek?.column ?? cursor.endColumn, .expectedOpeningBrace)
        }
        cursor.index += 1
        if let extra = cursor.peek { throw LineError(extra.column, .textAfterOpeningBrace) }
        return conditions
    }

    private func condition(_ cursor: inout TokenCursor) throws(LineError) -> TraitCondition {
        guard let token = cursor.next(), let word = token.identifier else { throw LineError(cursor.lastColumn, .expectedTrait) }
        switch word {
        case "landscape": return .landscape(true)
        case "portrait": return .landscape(false)
        case "pad": return .pad(true)
        case "phone": return .pad(false)
        case "width", "height":
            guard cursor.next()?.isIdentifier("is") == true else { throw LineError(cursor.lastColumn, .expectedIs(after: word)) }
            guard let classToken = cursor.next(), let value = classToken.identifier, value == "compact" || value == "regular" else {
                throw LineError(cursor.lastColumn, .expectedSizeClass)
            }
            let regular = value == "regular"
            return word == "width" ? .horizontalSizeClass(isRegular: regular) : .verticalSizeClass(isRegular: regular)
        case "textSize":
            guard let relationToken = cursor.next() else { throw LineError(cursor.lastColumn, .expectedTextSizeRelation) }
            let relation = try Terms.relation(of: relationToken)
            guard let sizeToken = cursor.next(), let name = sizeToken.identifier, let size = TextSize(languageName: name) else {
                throw LineError(cursor.lastColumn, .expectedTextSize)
            }
            return .textSize(relation, size)
        default:
            let suggestion = Suggestions.closest(to: word, among: TraitCondition.words).first
            throw LineError(token.column, .unknownTrait(word, suggestion: suggestion))
        }
    }

    /// The views of a `hide a, b` line.
    mutating func hiddenNames() throws(LineError) -> [Name] {
        var names: [Name] = []
        var expectName = true
        for token in tokens.dropFirst() {
            if expectName {
                guard let name = token.identifier else { throw LineError(token.column, .expectedHiddenView) }
                names.append(Name(text: name, column: token.column))
                uses.append(NameUse(name: name, column: token.column, role: .hidden))
            } else if !token.isSymbol(",") {
                throw LineError(token.column, .expectedHiddenViewSeparator)
            }
            expectName.toggle()
        }
        if tokens.count == 1 { throw LineError(tokens[0].column + 4, .expectedHiddenView) }
        return names
    }
}
