import KumikiSupport

/// Expands a constraint line's sugar into single-anchor constraints and
/// checks that the anchors it relates can be related.
///
/// `edges`, `horizontalEdges`, `verticalEdges`, `size` and `center` stand
/// for several anchors; `inset n` is an inward distance (`+n` on the near
/// edges, `-n` with the relation flipped on the far ones); `aspect = 4:3`
/// relates a view's width to its height.
enum ConstraintLowering {
    static func constraints(of statement: ConstraintStatement, at location: SourceLocation) throws(LineError) -> [LayoutConstraint] {
        let item = statement.item.text
        let priority = statement.priority ?? LayoutPriority.required
        switch statement.right {
        case .ratio(let ratio):
            return [LayoutConstraint(
                ItemAnchor(item, .width), statement.relation, multiplier: ratio, ItemAnchor(item, .height), constant: 0,
                priority: priority, location: location, text: statement.text,
                key: ConstraintKey(anchor: "\(item).aspect", relation: statement.relation))]
        case .expression(let expression):
            let lowering = ExpressionLowering(statement: statement, expression: expression, priority: priority, location: location)
            switch statement.anchor {
            case .single(let attribute): return try lowering.single(attribute)
            case .compound(let compound): return try lowering.compound(compound)
            }
        }
    }
}

/// One constraint line with an expression on its right side, lowered.
private struct ExpressionLowering {
    let statement: ConstraintStatement
    let expression: ConstraintExpression
    let priority: Int
    let location: SourceLocation

    private var item: String { statement.item.text }
    private var relation: LayoutRelation { statement.relation }

    private func make(_ a: LayoutAttribute, _ b: LayoutAttribute?, constant: Double, relation r: LayoutRelation) -> LayoutConstraint {
        LayoutConstraint(
            ItemAnchor(item, a), r, multiplier: b == nil ? 1 : expression.multiplier,
            b.map { ItemAnchor(expression.reference?.item.text ?? "", $0) },
            constant: constant, priority: priority, location: location, text: statement.text,
            key: ConstraintKey(anchor: "\(item).\(a.rawValue)", relation: relation))
    }

    /// An inward distance on `attribute`: `+n` on a near edge, `-n` with
    /// the relation flipped on a far one.
    private func inward(_ attribute: LayoutAttribute, by value: Double) -> LayoutConstraint {
        let sign = attribute.insetSign ?? 1
        return make(attribute, attribute, constant: sign * value, relation: sign > 0 ? relation : relation.flipped)
    }

    func single(_ attribute: LayoutAttribute) throws(LineError) -> [LayoutConstraint] {
        let column = expression.column
        var rightAttribute: LayoutAttribute?
        if let reference = expression.reference {
            switch reference.anchor {
            case nil: rightAttribute = attribute
            case .single(let a): rightAttribute = a
            case .compound(let c): throw LineError(column, .singleAnchorToCompound(attribute, c))
            }
        }
        if let rightAttribute {
            try Self.typeCheck(attribute, rightAttribute, column: column)
        } else if attribute.axis != .dimension {
            throw LineError(column, .positionNeedsReference(item: item, attribute: attribute, constant: expression.constant))
        }
        guard let inset = expression.inset else {
            return [make(attribute, rightAttribute, constant: expression.constant, relation: relation)]
        }
        guard attribute.insetSign != nil, rightAttribute == attribute else {
            throw LineError(inset.column, .insetBetweenDifferentEdges(item: item))
        }
        return [inward(attribute, by: inset.value)]
    }

    func compound(_ compound: CompoundAnchor) throws(LineError) -> [LayoutConstraint] {
        let column = expression.column
        let reference = expression.reference
        switch compound {
        case .edges, .horizontalEdges, .verticalEdges:
            guard let reference else { throw LineError(column, .compoundNeedsReference(item: item, compound)) }
            if let anchor = reference.anchor, anchor.name != compound.rawValue {
                throw LineError(column, .cannotRelateCompound(compound, to: anchor.name))
            }
            if expression.hasConstant {
                throw LineError(statement.relationColumn, .offsetOnEdges(item: item, compound, reference: reference.item.text))
            }
            if expression.hasLeadingMultiplier || expression.multiplier != 1 { throw LineError(column, .multiplierOnCompound(compound)) }
            return compound.attributes.map { inward($0, by: expression.inset?.value ?? 0) }
        case .size:
            if let inset = expression.inset { throw LineError(inset.column, .insetOnSize) }
            if reference != nil, let anchor = reference?.anchor, anchor.name != "size" {
                throw LineError(column, .cannotRelateCompound(.size, to: anchor.name))
            }
            return compound.attributes.map { make($0, reference == nil ? nil : $0, constant: expression.constant, relation: relation) }
        case .center:
            guard let reference else { throw LineError(column, .centerNeedsReference(item: item)) }
            if let anchor = reference.anchor, anchor.name != "center" { throw LineError(column, .cannotRelateCompound(.center, to: anchor.name)) }
            if expression.hasConstant || expression.inset != nil { throw LineError(statement.relationColumn, .offsetOnCenter) }
            return compound.attributes.map { make($0, $0, constant: 0, relation: relation) }
        case .aspect:
            return []  // a ratio, lowered above
        }
    }

    /// Rejects anchors that Auto Layout cannot relate.
    private static func typeCheck(_ a: LayoutAttribute, _ b: LayoutAttribute, column: Int) throws(LineError) {
        if a.axis != b.axis { throw LineError(column, .differentAxes(a, b)) }
        if (a.isDirectional && b.isAbsoluteHorizontalEdge) || (a.isAbsoluteHorizontalEdge && b.isDirectional) {
            throw LineError(column, .differentDirections(a, b))
        }
    }
}
