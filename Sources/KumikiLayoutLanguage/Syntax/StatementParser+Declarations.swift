// Declarations: views (`button go "Continue" "続ける"`) and guides (`guide column`).

extension StatementParser {
    func declaration(_ kind: ViewKind) throws(LineError) -> DeclarationStatement {
        guard tokens.count >= 2, let name = tokens[1].identifier else {
            throw LineError(tokens.count > 1 ? tokens[1].column : tokens[0].column, .expectedDeclaredName(kind: kind))
        }
        var labels: [String] = []
        for token in tokens.dropFirst(2) {
            guard case .string(let text) = token.kind else { throw LineError(token.column, .expectedQuotedLabel(found: token.text)) }
            guard labels.count < 2 else { throw LineError(token.column, .tooManyLabels) }
            labels.append(text)
        }
        return DeclarationStatement(
            kind: kind, kindColumn: tokens[0].column, name: Name(text: name, column: tokens[1].column), labels: labels)
    }

    /// `guide NAME`: a layout guide of the block's own, an invisible
    /// rectangle to hang constraints on (a spacer, a column).
    func guideName() throws(LineError) -> Name {
        guard tokens.count >= 2, let name = tokens[1].identifier else {
            throw LineError(tokens.count > 1 ? tokens[1].column : tokens[0].column, .expectedGuideName)
        }
        if tokens.count > 2 { throw LineError(tokens[2].column, .unexpected(tokens[2].text)) }
        return Name(text: name, column: tokens[1].column)
    }
}
