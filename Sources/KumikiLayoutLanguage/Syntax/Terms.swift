import KumikiSupport

/// The small terms every statement shares, each read in one place:
/// relations, numbers and fractions, multipliers, ratios, priorities and
/// anchor words. Numbers themselves are read (and range-checked) by the
/// `Lexer`.
enum Terms {
    static func relation(of token: Token) throws(LineError) -> LayoutRelation {
        if case .symbol(let symbol) = token.kind {
            switch symbol {
            case "=", "==": return .equal
            case "<=": return .lessThanOrEqual
            case ">=": return .greaterThanOrEqual
            case "<", ">": throw LineError(token.column, .strictRelation(symbol))
            default: break
            }
        }
        throw LineError(token.column, .expectedRelation(found: token.text))
    }

    /// What a number stands for where it is read, which chooses the type
    /// of design token that may be named there.
    enum NumberRole {
        /// A length in points: a `dimension` token.
        case length
        /// A plain number (a multiplier, a ratio, a line count): a
        /// `number` token.
        case plain

        var tokenType: String { self == .length ? "dimension" : "number" }
    }

    /// Throws when `token` names a design token whose type cannot stand
    /// for a number of `role`, naming both types.
    static func check(_ token: Token, as role: NumberRole) throws(LineError) {
        guard let named = token.named, named.typeName != role.tokenType else { return }
        throw LineError(token.column, .tokenOfWrongType(named.path, type: named.typeName, expected: role.tokenType))
    }

    /// A number, a fraction `3/4`, or `standard` (8 pt), with an optional
    /// leading minus; a length unless `role` says otherwise.
    static func constant(_ cursor: inout TokenCursor, role: NumberRole = .length) throws(LineError) -> Double {
        var sign = 1.0
        if cursor.peek?.isSymbol("-") == true {
            sign = -1
            cursor.index += 1
        }
        guard let token = cursor.next() else { throw LineError(cursor.endColumn, .expectedNumber) }
        switch token.kind {
        case .number(let value):
            try check(token, as: role)
            if cursor.peek?.isSymbol("/") == true, case .number? = cursor.peek(1)?.kind {
                return sign * (try fraction(value, &cursor, numerator: token))
            }
            return sign * value
        case .identifier("standard"):
            return sign * standardSpacing
        default:
            try check(token, as: role)
            throw LineError(token.column, .expectedNumberFound(token.text))
        }
    }

    /// The value of `numerator / denominator` (or `numerator : denominator`)
    /// with the cursor on the separator, range-checked at the numerator;
    /// the one place fractions are read. A ratio (`4:3`) is a width over a
    /// height, where either being zero is the problem, not the division.
    private static func fraction(
        _ value: Double, _ cursor: inout TokenCursor, numerator: Token, isRatio: Bool = false
    ) throws(LineError) -> Double {
        guard let separator = cursor.peek, let denominatorToken = cursor.peek(1),
              case .number(let denominator) = denominatorToken.kind else {
            throw LineError(cursor.peek(1)?.column ?? cursor.endColumn, .expectedDenominator(after: numerator.text))
        }
        if isRatio && (denominator == 0 || value == 0) { throw LineError(numerator.column, .zeroAspect) }
        guard denominator != 0 else { throw LineError(denominatorToken.column, .divisionByZero) }
        cursor.index += 2
        try checkRange(value / denominator, numerator, separator, denominatorToken)
        return value / denominator
    }

    /// Rejects a fraction whose value is out of the language's range
    /// (`100000/0.5`), at its numerator.
    private static func checkRange(_ value: Double, _ numerator: Token, _ separator: Token?, _ denominator: Token?) throws(LineError) {
        let text = numerator.text + (separator?.text ?? "/") + (denominator?.text ?? "")
        if let violation = LayoutLimitViolation.range(of: value, text: text, isLiteral: false) {
            throw LineError(numerator.column, .limit(violation))
        }
    }

    /// A multiplier: `0.6`, `60%`, `3/4`, when an item follows (`0.6 *
    /// safe.width`, `60% safe.width`); nil if the cursor is not at one.
    static func multiplier(_ cursor: inout TokenCursor) throws(LineError) -> (value: Double, token: Token)? {
        guard let token = cursor.peek else { return nil }
        switch token.kind {
        case .percent(let value):
            cursor.index += 1
            return (value, token)
        case .number(let value):
            // Read ahead; without a `*` after it the number is not a
            // multiplier, and the cursor goes back to it.
            let start = cursor.index
            cursor.index += 1
            var result = value
            if cursor.peek?.isSymbol("/") == true, case .number? = cursor.peek(1)?.kind {
                result = try fraction(value, &cursor, numerator: token)
            }
            guard cursor.peek?.isSymbol("*") == true else {
                cursor.index = start
                return nil
            }
            try check(token, as: .plain)
            return (result, token)
        default:
            return nil
        }
    }

    /// `4:3`, `4/3`, `1.5`, `133%`: width divided by height.
    static func ratio(_ cursor: inout TokenCursor) throws(LineError) -> Double {
        guard let token = cursor.next() else { throw LineError(cursor.endColumn, .expectedRatio) }
        switch token.kind {
        case .percent(let value):
            return value
        case .number(let value):
            try check(token, as: .plain)
            if cursor.peek?.isSymbol(":") == true || cursor.peek?.isSymbol("/") == true {
                return try fraction(value, &cursor, numerator: token, isRatio: true)
            }
            guard value != 0 else { throw LineError(token.column, .zeroAspect) }
            return value
        default:
            try check(token, as: .plain)
            throw LineError(token.column, .notARatio(found: token.text))
        }
    }

    /// A priority: 1…1000 or a priority's name, at the cursor; every place
    /// a priority is written reads it here and words the problem its way.
    static func priority(_ cursor: inout TokenCursor, missingAt column: Int, context: PriorityContext) throws(LineError) -> Int {
        guard let token = cursor.next() else {
            throw LineError(column, .priority(.missing, context))
        }
        if let named = token.named { throw LineError(token.column, .tokenAsPriority(named.path)) }
        if case .tokenReference(let path) = token.kind { throw LineError(token.column, .tokenAsPriority(path)) }
        let problem: PriorityProblem
        switch token.kind {
        case .number(let value):
            if value == value.rounded(), value >= 1, value <= 1000 { return Int(value) }
            problem = .outOfRange(token.text)
        case .identifier(let word):
            if let value = LayoutPriority.named[word] { return value }
            problem = .unknownWord(word, suggestion: Suggestions.closest(to: word, among: LayoutPriority.named.keys.sorted()).first)
        case .symbol("@"):
            problem = .atSign
        case .symbol("-"):
            problem = .negative(following: cursor.peek?.text)
        default:
            problem = .other(token.text)
        }
        throw LineError(token.column, .priority(problem, context))
    }

    /// `@priority` at the end of a constraint; nil when there is none.
    static func priorityAfterAt(_ cursor: inout TokenCursor) throws(LineError) -> Int? {
        guard let at = cursor.peek, at.isSymbol("@") else { return nil }
        cursor.index += 1
        return try priority(&cursor, missingAt: at.column + 1, context: .afterAt)
    }

    /// A label's line count: 0 (as many as needed) or a whole number.
    static func lineCount(_ cursor: inout TokenCursor) throws(LineError) -> Int {
        guard let token = cursor.next() else { throw LineError(cursor.endColumn, .expectedLineCount) }
        switch token.kind {
        case .number(let value):
            try check(token, as: .plain)
            guard value == value.rounded(), value <= 1000 else { throw LineError(token.column, .lineCountNotWhole(found: token.text)) }
            return Int(value)
        case .symbol("-"):
            throw LineError(token.column, .lineCountNotANumber(found: cursor.peek.map { "-" + $0.text } ?? "-"))
        default:
            try check(token, as: .plain)
            throw LineError(token.column, .lineCountNotANumber(found: token.text))
        }
    }

    /// A design token of type `expected` named as `{path}`, the one value
    /// of a property such as `fill`; its path. (An unknown name has already
    /// been reported when the line's references were looked up.)
    static func tokenReference(_ cursor: inout TokenCursor, of expected: String, for property: String) throws(LineError) -> String {
        guard let token = cursor.next() else { throw LineError(cursor.endColumn, .expectedTokenReference(property, type: expected, found: nil)) }
        guard let named = token.named else {
            throw LineError(token.column, .expectedTokenReference(property, type: expected, found: token.text))
        }
        guard named.typeName == expected else {
            throw LineError(token.column, .tokenOfWrongType(named.path, type: named.typeName, expected: expected))
        }
        return named.path
    }

    /// An anchor word after `item.`.
    ///
    /// - Parameter leftSide: Whether the anchor starts a line, where a
    ///   property (`hugging`, `lines`) could stand instead.
    static func anchorWord(_ token: Token?, after item: String, column: Int, leftSide: Bool = false) throws(LineError) -> AnchorWord {
        guard let token, let word = token.identifier else { throw LineError(token?.column ?? column, .expectedAnchor(after: item)) }
        if let attribute = LayoutAttribute(rawValue: word) { return .single(attribute) }
        if let compound = CompoundAnchor(rawValue: word) { return .compound(compound) }
        if let property = ViewProperty(rawValue: word) {
            throw LineError(token.column, .propertyUsedAsAnchor(property: property, item: item))
        }
        let properties = ViewProperty.allCases.map(\.rawValue)
        if leftSide, let suggestion = Suggestions.closest(to: word, among: anchorVocabulary + properties).first,
           properties.contains(suggestion) {
            throw LineError(token.column, .unknownProperty(word, suggestion: suggestion))
        }
        throw LineError(token.column, .unknownAnchor(word, suggestion: Suggestions.closest(to: word, among: anchorVocabulary).first))
    }
}

/// The standard spacing between sibling views, in points (Auto Layout's
/// system spacing): what `standard` and VFL's `-` between views mean.
let standardSpacing = 8.0
