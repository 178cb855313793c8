/// A line of Apple's visual format language, as written.
///
/// `H:|-[a]-8-[b(==a)]-|` and `V:|[top][bottom(>=44@750)]|`: an axis, an
/// optional leading edge `|`, views in brackets with optional size
/// predicates, connections between them, an optional trailing edge, and
/// Kumiki's `in GUIDE` to name the container. `VisualFormatLowering`
/// compiles it to constraints.
public struct VisualFormatStatement: Hashable, Sendable {
    public var isHorizontal: Bool
    /// The connection between the container's leading edge and the first
    /// view; nil without a leading `|`.
    public var leadingEdge: Connection?
    public var views: [ViewElement]
    /// The connections between consecutive views.
    public var connections: [Connection]
    /// The connection between the last view and the container's trailing
    /// edge; nil without a trailing `|`.
    public var trailingEdge: Connection?
    /// `safe` unless the line ends with `in GUIDE`.
    public var container: String
    public var text: String

    /// `(==|<=|>=)? (number | view) (@priority)?`.
    public struct Predicate: Hashable, Sendable {
        public var relation: LayoutRelation
        public var constant: Double?
        public var view: String?
        public var priority: Int
    }

    /// What sits between two elements: nothing, `-`, `-N-`, `-(predicates)-`.
    public enum Connection: Hashable, Sendable {
        case flush
        case standard
        case predicates([Predicate])
    }

    /// `[name]` or `[name(predicates)]`.
    public struct ViewElement: Hashable, Sendable {
        public var name: String
        public var predicates: [Predicate]
    }
}

/// Reads a visual-format line's tokens into a `VisualFormatStatement`.
struct VisualFormatParser {
    private var cursor: TokenCursor
    /// The names the line uses; kept only when the whole line reads.
    private(set) var uses: [NameUse] = []

    init(tokens: [Token]) {
        cursor = TokenCursor(tokens: tokens, index: 0)
    }

    mutating func parse() throws(LineError) -> VisualFormatStatement {
        guard let axisToken = cursor.next(), let axisName = axisToken.identifier else {
            throw LineError(0, .expectedVisualFormatAxis)
        }
        cursor.index += 1  // ':'
        var statement = VisualFormatStatement(
            isHorizontal: axisName == "H", leadingEdge: nil, views: [], connections: [], trailingEdge: nil,
            container: "safe", text: "")
        if cursor.peek?.isSymbol("|") == true {
            cursor.index += 1
            statement.leadingEdge = try connection()
        }
        while true {
            statement.views.append(try view())
            guard let next = cursor.peek else { break }
            if next.isIdentifier("in") { break }
            let connection = try connection()
            if cursor.peek?.isSymbol("|") == true {
                cursor.index += 1
                statement.trailingEdge = connection
                break
            }
            guard cursor.peek?.isSymbol("[") == true else {
                throw LineError(cursor.peek?.column ?? cursor.endColumn, .expectedViewOrContainerEdge)
            }
            statement.connections.append(connection)
        }
        if let word = cursor.peek, word.isIdentifier("in") {
            cursor.index += 1
            guard let guideToken = cursor.next(), let guide = guideToken.identifier else {
                throw LineError(cursor.lastColumn, .expectedContainer)
            }
            statement.container = guide
            uses.append(NameUse(name: guide, column: guideToken.column, role: .item))
        }
        if let extra = cursor.peek { throw LineError(extra.column, .unexpected(extra.text)) }
        return statement
    }

    private mutating func view() throws(LineError) -> VisualFormatStatement.ViewElement {
        guard let open = cursor.next(), open.isSymbol("[") else { throw LineError(cursor.lastColumn, .expectedViewOpening) }
        guard let nameToken = cursor.next(), let name = nameToken.identifier else { throw LineError(cursor.lastColumn, .expectedViewName) }
        uses.append(NameUse(name: name, column: nameToken.column, role: .item))
        var predicates: [VisualFormatStatement.Predicate] = []
        if cursor.peek?.isSymbol("(") == true {
            cursor.index += 1
            predicates = try predicateList(allowViews: true)
        }
        guard cursor.next()?.isSymbol("]") == true else { throw LineError(cursor.lastColumn, .expectedViewClosing(view: name)) }
        return VisualFormatStatement.ViewElement(name: name, predicates: predicates)
    }

    private mutating func connection() throws(LineError) -> VisualFormatStatement.Connection {
        guard cursor.peek?.isSymbol("-") == true else { return .flush }
        cursor.index += 1
        guard let next = cursor.peek else { throw LineError(cursor.endColumn, .expectedAfterDash) }
        if next.isSymbol("[") || next.isSymbol("|") { return .standard }
        var predicates: [VisualFormatStatement.Predicate]
        if case .number(let value) = next.kind {
            try Terms.check(next, as: .length)
            cursor.index += 1
            predicates = [.init(relation: .equal, constant: value, view: nil, priority: LayoutPriority.required)]
        } else if next.isSymbol("(") {
            cursor.index += 1
            predicates = try predicateList(allowViews: false)
        } else {
            try Terms.check(next, as: .length)
            throw LineError(next.column, .expectedSpacing(found: next.text))
        }
        guard cursor.next()?.isSymbol("-") == true else { throw LineError(cursor.lastColumn, .expectedDashAfterSpacing) }
        return .predicates(predicates)
    }

    /// The inside of `( … )` up to and including the `)`.
    private mutating func predicateList(allowViews: Bool) throws(LineError) -> [VisualFormatStatement.Predicate] {
        var list: [VisualFormatStatement.Predicate] = []
        while true {
            var predicate = VisualFormatStatement.Predicate(
                relation: try predicateRelation(), constant: nil, view: nil, priority: LayoutPriority.required)
            guard let object = cursor.next() else { throw LineError(cursor.endColumn, .expectedPredicateObject) }
            switch object.kind {
            case .number(let value):
                try Terms.check(object, as: .length)
                predicate.constant = value
            case .identifier("standard"): predicate.constant = standardSpacing
            case .identifier(let name):
                guard allowViews else { throw LineError(object.column, .viewAsSpacing) }
                predicate.view = name
                uses.append(NameUse(name: name, column: object.column, role: .item))
            default:
                try Terms.check(object, as: .length)
                throw LineError(object.column, .expectedPredicateObjectFound(object.text))
            }
            if cursor.peek?.isSymbol("@") == true {
                cursor.index += 1
                predicate.priority = try Terms.priority(&cursor, missingAt: cursor.endColumn, context: .visualFormat)
            }
            list.append(predicate)
            guard let separator = cursor.next() else { throw LineError(cursor.endColumn, .expectedPredicateClosing) }
            if separator.isSymbol(")") { return list }
            guard separator.isSymbol(",") else { throw LineError(separator.column, .expectedPredicateSeparator) }
        }
    }

    /// A predicate's relation, `=` when it writes none.
    private mutating func predicateRelation() throws(LineError) -> LayoutRelation {
        guard let token = cursor.peek, case .symbol(let symbol) = token.kind else { return .equal }
        switch symbol {
        case "==", "=": cursor.index += 1; return .equal
        case "<=": cursor.index += 1; return .lessThanOrEqual
        case ">=": cursor.index += 1; return .greaterThanOrEqual
        case "<", ">": throw LineError(token.column, .strictPredicateRelation(symbol))
        default: return .equal
        }
    }
}
