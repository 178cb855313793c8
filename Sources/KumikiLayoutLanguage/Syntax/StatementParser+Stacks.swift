import KumikiSupport

// `stack NAME H|V [a, b, c] spacing 8 align center distribution fill`.

extension StatementParser {
    mutating func stackStatement() throws(LineError) -> StackStatement {
        var cursor = TokenCursor(tokens: tokens, index: 1)
        guard let nameToken = cursor.next(), let name = nameToken.identifier else {
            throw LineError(cursor.lastColumn, .expectedStackName)
        }
        guard let axisToken = cursor.next(), let axisWord = axisToken.identifier else {
            throw LineError(cursor.lastColumn, .expectedStackAxis)
        }
        let axis: StackDeclaration.Axis
        switch axisWord {
        case "H", "horizontal": axis = .horizontal
        case "V", "vertical": axis = .vertical
        default: throw LineError(axisToken.column, .unknownStackAxis(axisWord))
        }
        guard cursor.next()?.isSymbol("[") == true else { throw LineError(cursor.lastColumn, .expectedStackOpening) }
        let members = try stackMembers(&cursor)
        var stack = StackStatement(
            keywordColumn: tokens[0].column, name: Name(text: name, column: nameToken.column), axis: axis, members: members,
            spacing: 0, alignment: .fill, distribution: .fill, text: "")
        try stackOptions(&cursor, into: &stack)
        stack.text = statementText
        return stack
    }

    /// The views between `[` and `]`.
    private mutating func stackMembers(_ cursor: inout TokenCursor) throws(LineError) -> [Name] {
        var members: [Name] = []
        while true {
            guard let token = cursor.next(), let member = token.identifier else {
                throw LineError(cursor.lastColumn, .expectedStackMember)
            }
            guard members.count < LayoutLimits.maximumStackViews else { throw LineError(token.column, .limit(.stackTooLarge)) }
            members.append(Name(text: member, column: token.column))
            uses.append(NameUse(name: member, column: token.column, role: .item))
            guard let separator = cursor.next() else { throw LineError(cursor.endColumn, .expectedStackClosing) }
            if separator.isSymbol("]") { return members }
            guard separator.isSymbol(",") else { throw LineError(separator.column, .expectedStackSeparator) }
        }
    }

    /// `spacing N`, `align A`, `distribution D`, in any order.
    private func stackOptions(_ cursor: inout TokenCursor, into stack: inout StackStatement) throws(LineError) {
        while let option = cursor.next() {
            switch option.identifier {
            case "spacing":
                stack.spacing = try Terms.constant(&cursor)
            case "align", "alignment":
                guard let valueToken = cursor.next(), let value = valueToken.identifier else {
                    throw LineError(cursor.lastColumn, .expectedAlignment)
                }
                let aliases: [String: StackDeclaration.Alignment] = ["top": .leading, "bottom": .trailing]
                guard let parsed = StackDeclaration.Alignment(rawValue: value) ?? aliases[value] else {
                    let suggestion = Suggestions.closest(to: value, among: StackDeclaration.Alignment.allCases.map(\.rawValue)).first
                    throw LineError(valueToken.column, .unknownAlignment(value, suggestion: suggestion))
                }
                stack.alignment = parsed
            case "distribution":
                guard let valueToken = cursor.next(), let value = valueToken.identifier else {
                    throw LineError(cursor.lastColumn, .expectedDistribution)
                }
                guard let parsed = StackDeclaration.Distribution(rawValue: value) else {
                    let suggestion = Suggestions.closest(to: value, among: StackDeclaration.Distribution.allCases.map(\.rawValue)).first
                    throw LineError(valueToken.column, .unknownDistribution(value, suggestion: suggestion))
                }
                stack.distribution = parsed
            default:
                let suggestion = Suggestions.closest(to: option.text, among: ["spacing", "align", "distribution"]).first
                throw LineError(option.column, .unknownStackOption(option.text, suggestion: suggestion))
            }
        }
    }
}
