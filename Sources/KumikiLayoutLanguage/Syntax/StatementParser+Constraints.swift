// Constraint lines, `item.anchor RELATION right-side @priority`, and
// property lines, `view.property = value`, which start the same way.

extension StatementParser {
    mutating func constraintOrProperty() throws(LineError) -> Statement {
        var cursor = TokenCursor(tokens: tokens, index: 0)
        guard let itemToken = cursor.next(), let itemName = itemToken.identifier else {
            throw LineError(tokens[0].column, .expectedItemName)
        }
        let item = Name(text: itemName, column: itemToken.column)
        uses.append(NameUse(name: itemName, column: itemToken.column, role: .item))
        cursor.index += 1  // the '.'
        let anchorToken = cursor.next()
        if let anchorToken, let word = anchorToken.identifier, let property = ViewProperty(rawValue: word) {
            return .property(try propertyStatement(property, of: item, propertyColumn: anchorToken.column, cursor: cursor))
        }
        let anchor = try Terms.anchorWord(anchorToken, after: itemName, column: cursor.endColumn, leftSide: true)
        guard let relationToken = cursor.next() else {
            throw LineError(cursor.endColumn, .expectedRelationAfter("\(itemName).\(anchor.name)"))
        }
        let relation = try Terms.relation(of: relationToken)
        let right: ConstraintStatement.RightSide
        if case .compound(.aspect) = anchor {
            right = .ratio(try Terms.ratio(&cursor))
        } else {
            right = .expression(try expression(&cursor, item: itemName))
        }
        let priority = try Terms.priorityAfterAt(&cursor)
        try expectEnd(cursor)
        return .constraint(ConstraintStatement(
            item: item, anchor: anchor, relation: relation, relationColumn: relationToken.column, right: right,
            priority: priority, text: statementText))
    }

    /// The right side: `[multiplier] item[.anchor] [* m | / d] [± constant]… [inset n]`, or a constant.
    private mutating func expression(_ cursor: inout TokenCursor, item: String) throws(LineError) -> ConstraintExpression {
        var expression = ConstraintExpression(
            multiplier: 1, hasLeadingMultiplier: false, reference: nil, constant: 0, hasConstant: false, constantColumn: 0, inset: nil)
        var multiplierToken: Token?
        if let m = try Terms.multiplier(&cursor) {
            expression.multiplier = m.value
            expression.hasLeadingMultiplier = true
            multiplierToken = m.token
            if cursor.peek?.isSymbol("*") == true { cursor.index += 1 }
        } else if case .number? = cursor.peek?.kind, cursor.peek(1)?.isSymbol(":") == true {
            throw LineError(cursor.peek?.column ?? 0, .ratioOutsideAspect(item: item))
        }
        if let token = cursor.peek, let name = token.identifier, name != "standard" {
            cursor.index += 1
            try reference(Name(text: name, column: token.column), &cursor, into: &expression)
        } else if let m = multiplierToken {
            throw LineError(m.column, .multiplierOfWhat(m.text))
        }
        expression.constantColumn = cursor.peek?.column ?? cursor.endColumn
        if expression.reference == nil {
            expression.constant = try Terms.constant(&cursor)
            expression.hasConstant = true
        }
        while let token = cursor.peek, token.isSymbol("+") || token.isSymbol("-") {
            cursor.index += 1
            let value = try Terms.constant(&cursor)
            expression.constant += token.isSymbol("+") ? value : -value
            expression.hasConstant = true
        }
        if let token = cursor.peek, token.isIdentifier("inset") {
            cursor.index += 1
            guard expression.reference != nil, !expression.hasConstant else { throw LineError(token.column, .insetWithoutAnchor(item: item)) }
            expression.inset = ConstraintExpression.Inset(value: try Terms.constant(&cursor), column: token.column)
        }
        return expression
    }

    /// The item on the right side, its anchor, and a trailing `* m` or `/ d`.
    private mutating func reference(
        _ name: Name, _ cursor: inout TokenCursor, into expression: inout ConstraintExpression
    ) throws(LineError) {
        uses.append(NameUse(name: name.text, column: name.column, role: .item))
        var reference = ConstraintExpression.Reference(item: name, anchor: nil, anchorColumn: nil)
        if cursor.peek?.isSymbol(".") == true {
            cursor.index += 1
            reference.anchorColumn = cursor.peek?.column
            reference.anchor = try Terms.anchorWord(cursor.next(), after: name.text, column: cursor.endColumn)
        }
        expression.reference = reference
        guard !expression.hasLeadingMultiplier, cursor.peek?.isSymbol("*") == true || cursor.peek?.isSymbol("/") == true else { return }
        let isDivision = cursor.peek?.isSymbol("/") == true
        cursor.index += 1
        let value: Double
        if case .percent(let p)? = cursor.peek?.kind {
            cursor.index += 1
            value = p
        } else {
            value = try Terms.constant(&cursor, role: .plain)
        }
        if isDivision {
            guard value != 0 else { throw LineError(cursor.lastColumn, .divisionByZero) }
            expression.multiplier = 1 / value
        } else {
            expression.multiplier = value
        }
    }

    /// `title.hugging = 251`, `note.lines = 0`: a property of one view; the
    /// cursor is just after the property's name.
    private func propertyStatement(
        _ property: ViewProperty, of view: Name, propertyColumn: Int, cursor start: TokenCursor
    ) throws(LineError) -> PropertyStatement {
        var cursor = start
        guard let relationToken = cursor.next() else {
            throw LineError(cursor.endColumn, .expectedPropertyValue(item: view.text, property))
        }
        guard relationToken.isSymbol("=") || relationToken.isSymbol("==") else {
            throw LineError(relationToken.column, .propertyWithRelation(item: view.text, property))
        }
        if let expected = property.tokenType {
            let path = try Terms.tokenReference(&cursor, of: expected, for: "\(view.text).\(property.rawValue)")
            try expectEnd(cursor)
            return PropertyStatement(
                view: view, property: property, propertyColumn: propertyColumn, value: 0, text: statementText, token: path)
        }
        let value = property == .lines
            ? try Terms.lineCount(&cursor)
            : try Terms.priority(&cursor, missingAt: cursor.endColumn, context: .propertyValue(name: "\(view.text).\(property.rawValue)"))
        try expectEnd(cursor)
        return PropertyStatement(view: view, property: property, propertyColumn: propertyColumn, value: value, text: statementText)
    }
}
