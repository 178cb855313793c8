import KumikiSupport

/// The front end's pass over one block, line by line.
struct FrontEnd {
    let source: LayoutBlockSource
    let substitution: TokenSubstitution
    private var lowering: BlockLowering
    private var diagnostics: [Diagnostic] = []
    private var statements: [LocatedStatement] = []
    private var tokenReferences: [LayoutTokenReference] = []
    /// Set when the block went past a limit on its size: the lines after
    /// are not read.
    private var stopped = false

    init(source: LayoutBlockSource, tokens: LayoutTokenTable) {
        self.source = source
        substitution = TokenSubstitution(table: tokens)
        lowering = BlockLowering(source: source)
    }

    mutating func run() -> ParsedLayoutBlock {
        let lines = Self.lines(of: source.text)
        for index in lines.indices where !stopped {
            read(lines[index], line: index)
        }
        if let open = lowering.closeUnfinishedVariant() {
            diagnostics.append(LayoutLanguageError.unclosedVariant.diagnostic(at: open))
        }
        let program = LayoutProgram(
            kind: source.kind, firstLine: source.firstLine, title: lowering.title, views: lowering.views,
            guides: lowering.guides, constraints: lowering.constraints, stacks: lowering.stacks, variants: lowering.variants,
            environmentLines: lowering.environmentLines, lineLimits: lowering.lineLimits,
            shownEnvironment: lowering.shownEnvironment, styleLines: lowering.styleLines)
        diagnostics += NameResolution.problems(in: program, uses: lowering.uses)
        diagnostics += ProportionWithLimitLint.warnings(in: program)
        diagnostics += UnknownTextStyleLint.warnings(in: program, tokens: substitution.table)
        let header = LayoutBlockHeader(
            kind: source.kind, title: lowering.title, environmentLines: lowering.environmentLines,
            shownEnvironment: lowering.shownEnvironment)
        let hasErrors = diagnostics.contains { $0.severity == .error }
        return ParsedLayoutBlock(
            program: hasErrors ? nil : program, header: header, statements: statements, diagnostics: diagnostics,
            tokenReferences: tokenReferences)
    }

    /// The block's lines, without their line ends.
    private static func lines(of text: String) -> [String] {
        if text.utf8.contains(UInt8(ascii: "\r")) {
            // "\r\n" is one character, which splitting on "\n" keeps whole.
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
            }
        }
        // Finding the line ends in the bytes spares breaking the whole block
        // into characters.
        return text.linesAtNewlineBytes.map(String.init)
    }

    private mutating func read(_ raw: String, line: Int) {
        // Counting bytes first spares counting the characters of every line.
        if raw.utf8.count > LayoutLimits.maximumLineLength, raw.count > LayoutLimits.maximumLineLength {
            report(LineError(LayoutLimits.maximumLineLength, .limit(.lineTooLong(length: raw.count))), line: line)
            return
        }
        if let titleTokens = StatementParser.titleLineTokens(raw) {
            var parser = StatementParser(tokens: titleTokens, raw: raw)
            read(&parser, head: .title(Name(text: "title", column: titleTokens[0].column)), line: line)
            return
        }
        var tokens: [Token]
        switch Lexer.tokens(of: raw) {
        case .success(let lexed): tokens = lexed
        case .failure(let error):
            report(error, line: line)
            return
        }
        if tokens.contains(where: { if case .tokenReference = $0.kind { true } else { false } }) {
            do {
                tokens = try substitution.resolve(tokens) { token, entry in
                    noteReference(token, entry, line: line)
                }
            } catch {
                report(error, line: line)
                return
            }
        }
        guard let first = tokens.first else { return }
        var parser = StatementParser(tokens: tokens, raw: raw)
        do {
            let head = try parser.head()
            read(&parser, head: head, line: line)
        } catch {
            report(error, line: line)
        }
        checkBlockSize(line: line, column: first.column)
    }

    /// Admits, parses and lowers one statement; records the names it used
    /// even when it is wrong.
    private mutating func read(_ parser: inout StatementParser, head: StatementHead, line: Int) {
        do {
            try lowering.admit(head)
            let statement = LocatedStatement(statement: try parser.statement(head), line: line, columns: parser.columns)
            try lowering.lower(statement)
            diagnostics += lowering.takeWarnings()
            statements.append(statement)
        } catch {
            report(error, line: line)
            // Keep the block structure so that its '}' does not cascade into a second error.
            if case .openVariant(let column) = head { lowering.openPlaceholderVariant(line: line, column: column) }
        }
        lowering.record(parser.uses, line: line)
    }

    /// Records a token the line names, and warns when it is deprecated.
    private mutating func noteReference(_ token: Token, _ entry: LayoutTokenEntry?, line: Int) {
        guard case .tokenReference(let path) = token.kind else { return }
        let location = lowering.location(line, token.column)
        tokenReferences.append(LayoutTokenReference(
            path: path, location: location, line: line, columns: token.column..<(token.column + token.text.count)))
        if let deprecation = entry?.deprecation {
            diagnostics.append(LayoutLanguageError.deprecatedToken(path, reason: deprecation.reason).diagnostic(at: location))
        }
    }

    private mutating func report(_ error: LineError, line: Int) {
        diagnostics.append(error.error.diagnostic(at: lowering.location(line, error.column)))
    }

    /// Stops reading at the line that takes the block past the number of
    /// views and guides or of constraints it may have.
    private mutating func checkBlockSize(line: Int, column: Int) {
        let violation: LayoutLimitViolation
        if lowering.views.count + lowering.guides.count > LayoutLimits.maximumItems {
            violation = .tooManyItems
        } else if lowering.constraintCount > LayoutLimits.maximumConstraints {
            violation = .tooManyConstraints
        } else {
            return
        }
        report(LineError(column, .limit(violation)), line: line)
        stopped = true
    }
}
