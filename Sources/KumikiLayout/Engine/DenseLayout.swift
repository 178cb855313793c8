import KumikiLayoutLanguage

import KumikiSolver

/// The variables of one compiled system numbered densely, once, so that each
/// environment reads its solution in one call and works on an array: no
/// string hashing per variable, constraint or view in the per-environment
/// loop.
struct DenseLayout {
    /// Positions of an item's four variables in `variables`.
    struct Item {
        var name: String
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        func frame(_ values: [Double]) -> Rect {
            Rect(x: values[x], y: values[y], width: values[width], height: values[height])
        }
    }

    /// A solver constraint over positions in `variables`.
    struct Linear {
        var terms: [(index: Int, coefficient: Double)]
        var constant: Double
        var relation: Relation
        var isRequired: Bool
        /// The index of the block's constraint (`Constraint.tag`).
        var tag: Int

        func residual(_ values: [Double]) -> Double {
            var sum = constant
            for term in terms { sum += term.coefficient * values[term.index] }
            return sum
        }
    }

    /// Every variable read back: the items' four, then the intrinsic sizes.
    let variables: [Variable]
    /// The positions of `ConstraintSystem.environmentVariables`, in its order.
    let environment: [Int]
    /// The shown views, in declaration order, and their declarations.
    let views: [Item]
    let declarations: [ViewDeclaration?]
    /// The block's own guides and stacks that diagrams draw (no spacers).
    let drawnStacks: [Item]
    /// The four variables of each shown view (the ones ambiguity is reported for).
    var viewVariables: [Variable] { views.flatMap { [variables[$0.x], variables[$0.y], variables[$0.width], variables[$0.height]] } }
    /// `layout.solverConstraints`, in order.
    let constraints: [Linear]
    /// `layout.intrinsicConstraints` (UIKit's default content priorities), in order.
    let intrinsicConstraints: [Linear]
    /// The position of each variable in `variables`.
    let position: [Variable: Int]
    /// Whether each variable is one no constraint of the block or of the
    /// intrinsic sizes mentions (so the solver does not know it).
    let unconstrained: [Bool]

    init(layout: ConstraintSystem.Layout, program: LayoutProgram) {
        var numbering = Numbering(capacity: 4 * layout.items.count + 2 * layout.intrinsic.count)
        func item(_ name: String) -> Item? {
            guard let vars = layout.items[name] else { return nil }
            return Item(
                name: name, x: numbering.index(vars.x), y: numbering.index(vars.y), width: numbering.index(vars.width),
                height: numbering.index(vars.height))
        }
        let byName = Dictionary(program.views.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        views = layout.views.compactMap(item)
        declarations = views.map { byName[$0.name] }
        drawnStacks = layout.stacks.filter { !$0.contains(".") }.compactMap(item)
        for name in layout.stacks + layout.guides { _ = item(name) }
        environment = ConstraintSystem.environmentVariables(layout).map { numbering.index($0) }
        func linear(_ constraint: Constraint) -> Linear {
            Linear(
                terms: constraint.expression.terms.map { (numbering.index($0.variable), $0.coefficient) },
                constant: constraint.expression.constant, relation: constraint.relation,
                isRequired: constraint.strength.isRequired, tag: constraint.tag)
        }
        constraints = layout.solverConstraints.map(linear)
        intrinsicConstraints = layout.intrinsicConstraints.map(linear)
        var unconstrained = [Bool](repeating: true, count: numbering.variables.count)
        for list in [constraints, intrinsicConstraints] {
            for constraint in list {
                for term in constraint.terms { unconstrained[term.index] = false }
            }
        }
        self.unconstrained = unconstrained
        variables = numbering.variables
        position = numbering.position
    }

    /// Numbers variables in the order they are first met.
    private struct Numbering {
        var variables: [Variable] = []
        var position: [Variable: Int] = [:]

        init(capacity: Int) {
            variables.reserveCapacity(capacity)
            position.reserveCapacity(capacity)
        }

        /// The number of `variable`, given on first use: one look-up in
        /// `position`, which inserts the next number when it is missing.
        mutating func index(_ variable: Variable) -> Int {
            let next = variables.count
            let number = Self.value(&position[variable, default: next])
            if number == next { variables.append(variable) }
            return number
        }

        private static func value(_ number: inout Int) -> Int { number }
    }
}
