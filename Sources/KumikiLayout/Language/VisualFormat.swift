import KumikiSupport

/// Apple's visual format language, compiled to plain constraints.
///
/// `H:|-[a]-8-[b(==a)]-|` and `V:|[top][bottom(>=44@750)]|`, with Apple's
/// grammar: `(H|V):` then an optional edge `|`, views in brackets with
/// optional size predicates, connections between them, an optional closing
/// edge. Kumiki's choices, documented in the language reference:
/// - the container (`|`) is the safe area; `in GUIDE` at the end picks
///   another item (`H:|[bg]| in screen`);
/// - `-` between views is the standard spacing, 8 pt; `|-` and `-|` against
///   the safe area mean "on the layout margins" (the constraint targets the
///   `margins` guide), against any other container 20 pt, Apple's
///   superview spacing;
/// - a predicate is `(==|<=|>=)? (number | view) (@priority)?`; a view
///   name in a view's predicate means "same length", in a connection it is
///   not allowed.
struct VisualFormatParser {
    struct Result {
        var constraints: [LayoutConstraint]
        var references: [(name: String, location: SourceLocation)]
    }

    private var cursor: TokenCursor
    private let location: SourceLocation
    private let text: String
    private let locate: (Int) -> SourceLocation
    private var references: [(name: String, location: SourceLocation)] = []

    init(tokens: [Token], location: SourceLocation, text: String, locate: @escaping (Int) -> SourceLocation) {
        self.cursor = TokenCursor(tokens: tokens, index: 0)
        self.location = location
        self.text = text
        self.locate = locate
    }

    private struct Predicate {
        var relation: LayoutRelation
        var constant: Double?
        var view: String?
        var priority: Int
    }

    private enum Connection {
        case flush
        case standard
        case predicates([Predicate])
    }

    private struct ViewElement {
        var name: String
        var predicates: [Predicate]
    }

    mutating func parse() throws(LineError) -> Result {
        guard let axisToken = cursor.next(), let axisName = axisToken.identifier else {
            throw LineError(0, "expected 'H:' or 'V:'")
        }
        let horizontal = axisName == "H"
        cursor.index += 1  // ':'
        let (start, end, length): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            horizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)

        var leadingEdge: Connection?
        if cursor.peek?.isSymbol("|") == true {
            cursor.index += 1
            leadingEdge = try parseConnection()
        }
        var elements: [ViewElement] = []
        var connections: [Connection] = []
        var trailingEdge: Connection?
        while true {
            elements.append(try parseView())
            guard let next = cursor.peek else { break }
            if next.isIdentifier("in") { break }
            let connection = try parseConnection()
            if cursor.peek?.isSymbol("|") == true {
                cursor.index += 1
                trailingEdge = connection
                break
            }
            guard cursor.peek?.isSymbol("[") == true else {
                throw LineError(cursor.peek?.column ?? cursor.endColumn, "expected '[' to start a view or '|' for the container's edge")
            }
            connections.append(connection)
        }
        var container = "safe"
        if let word = cursor.peek, word.isIdentifier("in") {
            cursor.index += 1
            guard let guideToken = cursor.next(), let guide = guideToken.identifier else {
                throw LineError(cursor.lastColumn, "expected a guide or view after 'in', as in 'in screen'")
            }
            container = guide
            references.append((guide, locate(guideToken.column)))
        }
        if let extra = cursor.peek { throw LineError(extra.column, "unexpected '\(extra.text)'") }

        var constraints: [LayoutConstraint] = []
        func add(_ a: ItemAnchor, _ r: LayoutRelation, _ b: ItemAnchor?, _ c: Double, _ p: Int) {
            constraints.append(LayoutConstraint(a, r, b, constant: c, priority: p, location: location, text: text))
        }
        // Edge spacing: the layout margins for the safe area, 20 pt otherwise.
        let edgeGuide = container == "safe" ? "margins" : container
        let edgeStandard = container == "safe" ? 0.0 : 20
        if let edge = leadingEdge, let first = elements.first {
            switch edge {
            case .flush: add(ItemAnchor(first.name, start), .equal, ItemAnchor(container, start), 0, 1000)
            case .standard: add(ItemAnchor(first.name, start), .equal, ItemAnchor(edgeGuide, start), edgeStandard, 1000)
            case .predicates(let list):
                for p in list {
                    add(ItemAnchor(first.name, start), p.relation, ItemAnchor(container, start), p.constant ?? 0, p.priority)
                }
            }
        }
        for (index, connection) in connections.enumerated() {
            let a = elements[index].name, b = elements[index + 1].name
            switch connection {
            case .flush: add(ItemAnchor(b, start), .equal, ItemAnchor(a, end), 0, 1000)
            case .standard: add(ItemAnchor(b, start), .equal, ItemAnchor(a, end), standardSpacing, 1000)
            case .predicates(let list):
                for p in list { add(ItemAnchor(b, start), p.relation, ItemAnchor(a, end), p.constant ?? 0, p.priority) }
            }
        }
        if let edge = trailingEdge, let last = elements.last {
            // The gap (container.end − view.end) relates to the constant, so
            // the view's end gets the flipped relation.
            switch edge {
            case .flush: add(ItemAnchor(last.name, end), .equal, ItemAnchor(container, end), 0, 1000)
            case .standard: add(ItemAnchor(last.name, end), .equal, ItemAnchor(edgeGuide, end), -edgeStandard, 1000)
            case .predicates(let list):
                for p in list {
                    add(ItemAnchor(last.name, end), p.relation.flipped, ItemAnchor(container, end), -(p.constant ?? 0), p.priority)
                }
            }
        }
        for element in elements {
            for p in element.predicates {
                if let view = p.view {
                    add(ItemAnchor(element.name, length), p.relation, ItemAnchor(view, length), 0, p.priority)
                } else {
                    add(ItemAnchor(element.name, length), p.relation, nil, p.constant ?? 0, p.priority)
                }
            }
        }
        return Result(constraints: constraints, references: references)
    }

    /// `[name]` or `[name(predicates)]`.
    private mutating func parseView() throws(LineError) -> ViewElement {
        guard let open = cursor.next(), open.isSymbol("[") else {
            throw LineError(cursor.lastColumn, "expected '[' to start a view")
        }
        guard let nameToken = cursor.next(), let name = nameToken.identifier else {
            throw LineError(cursor.lastColumn, "expected a view name after '['")
        }
        references.append((name, locate(nameToken.column)))
        var predicates: [Predicate] = []
        if cursor.peek?.isSymbol("(") == true {
            cursor.index += 1
            predicates = try parsePredicateList(allowViews: true)
        }
        guard cursor.next()?.isSymbol("]") == true else {
            throw LineError(cursor.lastColumn, "expected ']' to close the view '\(name)'")
        }
        return ViewElement(name: name, predicates: predicates)
    }

    /// What sits between two elements: nothing, `-`, `-N-`, `-(preds)-`.
    private mutating func parseConnection() throws(LineError) -> Connection {
        guard cursor.peek?.isSymbol("-") == true else { return .flush }
        cursor.index += 1
        guard let next = cursor.peek else { throw LineError(cursor.endColumn, "expected a view or '|' after '-'") }
        if next.isSymbol("[") || next.isSymbol("|") { return .standard }
        var predicates: [Predicate]
        if case .number(let value) = next.kind {
            cursor.index += 1
            predicates = [Predicate(relation: .equal, constant: value, view: nil, priority: 1000)]
        } else if next.isSymbol("(") {
            cursor.index += 1
            predicates = try parsePredicateList(allowViews: false)
        } else {
            throw LineError(next.column, "expected a number or '(' after '-', found '\(next.text)'")
        }
        guard cursor.next()?.isSymbol("-") == true else {
            throw LineError(cursor.lastColumn, "expected '-' after the spacing")
        }
        return .predicates(predicates)
    }

    /// The inside of `( … )` up to and including the `)`.
    private mutating func parsePredicateList(allowViews: Bool) throws(LineError) -> [Predicate] {
        var list: [Predicate] = []
        while true {
            var relation = LayoutRelation.equal
            if let token = cursor.peek, case .symbol(let s) = token.kind {
                switch s {
                case "==", "=": relation = .equal; cursor.index += 1
                case "<=": relation = .lessThanOrEqual; cursor.index += 1
                case ">=": relation = .greaterThanOrEqual; cursor.index += 1
                case "<", ">":
                    throw LineError(token.column, "strict '\(s)' is not supported; write '\(s)='")
                default: break
                }
            }
            guard let object = cursor.next() else { throw LineError(cursor.endColumn, "expected a number or a view") }
            var predicate = Predicate(relation: relation, constant: nil, view: nil, priority: 1000)
            switch object.kind {
            case .number(let value): predicate.constant = value
            case .identifier(let name):
                if name == "standard" {
                    predicate.constant = standardSpacing
                } else {
                    guard allowViews else {
                        throw LineError(object.column, "a spacing is a number; Kumiki's visual format has no metrics dictionary")
                    }
                    predicate.view = name
                    references.append((name, locate(object.column)))
                }
            default: throw LineError(object.column, "expected a number or a view, found '\(object.text)'")
            }
            if cursor.peek?.isSymbol("@") == true {
                cursor.index += 1
                guard let p = cursor.next() else { throw LineError(cursor.endColumn, "expected a priority") }
                switch p.kind {
                case .number(let value) where value == value.rounded() && value >= 1 && value <= 1000:
                    predicate.priority = Int(value)
                case .identifier(let word) where LayoutPriority.named[word] != nil:
                    predicate.priority = LayoutPriority.named[word] ?? 1000
                default:
                    throw LineError(p.column, "a priority is a whole number from 1 to 1000, 'required', 'high' or 'low'")
                }
            }
            list.append(predicate)
            guard let separator = cursor.next() else { throw LineError(cursor.endColumn, "expected ')'") }
            if separator.isSymbol(")") { return list }
            guard separator.isSymbol(",") else { throw LineError(separator.column, "expected ',' or ')'") }
        }
    }
}
