import KumikiSupport

/// Compiles a visual-format line to plain constraints.
///
/// Kumiki's choices, documented in the language reference: the container
/// (`|`) is the safe area unless the line ends with `in GUIDE`; `-`
/// between views is the standard spacing, 8 pt; `|-` and `-|` against the
/// safe area mean "on the layout margins" (the constraint targets the
/// `margins` guide), against any other container 20 pt, Apple's superview
/// spacing; a view name in a view's predicate means "same length".
enum VisualFormatLowering {
    static func constraints(of statement: VisualFormatStatement, at location: SourceLocation) -> [LayoutConstraint] {
        let (start, end, length): (LayoutAttribute, LayoutAttribute, LayoutAttribute) =
            statement.isHorizontal ? (.leading, .trailing, .width) : (.top, .bottom, .height)
        let container = statement.container
        let elements = statement.views
        var constraints: [LayoutConstraint] = []
        func add(_ a: ItemAnchor, _ r: LayoutRelation, _ b: ItemAnchor?, _ c: Double, _ p: Int) {
            constraints.append(LayoutConstraint(a, r, b, constant: c, priority: p, location: location, text: statement.text))
        }
        // Edge spacing: the layout margins for the safe area, 20 pt otherwise.
        let edgeGuide = container == "safe" ? "margins" : container
        let edgeStandard = container == "safe" ? 0.0 : 20
        let required = LayoutPriority.required
        if let edge = statement.leadingEdge, let first = elements.first {
            switch edge {
            case .flush: add(ItemAnchor(first.name, start), .equal, ItemAnchor(container, start), 0, required)
            case .standard: add(ItemAnchor(first.name, start), .equal, ItemAnchor(edgeGuide, start), edgeStandard, required)
            case .predicates(let list):
                for p in list {
                    add(ItemAnchor(first.name, start), p.relation, ItemAnchor(container, start), p.constant ?? 0, p.priority)
                }
            }
        }
        for (index, connection) in statement.connections.enumerated() {
            let a = elements[index].name, b = elements[index + 1].name
            switch connection {
            case .flush: add(ItemAnchor(b, start), .equal, ItemAnchor(a, end), 0, required)
            case .standard: add(ItemAnchor(b, start), .equal, ItemAnchor(a, end), standardSpacing, required)
            case .predicates(let list):
                for p in list { add(ItemAnchor(b, start), p.relation, ItemAnchor(a, end), p.constant ?? 0, p.priority) }
            }
        }
        if let edge = statement.trailingEdge, let last = elements.last {
            // The gap (container.end − view.end) relates to the constant, so
            // the view's end gets the flipped relation.
            switch edge {
            case .flush: add(ItemAnchor(last.name, end), .equal, ItemAnchor(container, end), 0, required)
            case .standard: add(ItemAnchor(last.name, end), .equal, ItemAnchor(edgeGuide, end), -edgeStandard, required)
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
        return constraints
    }
}
