import KumikiLayoutLanguage
import KumikiSupport
import KumikiSolver

/// One compiled system and its solver, re-solved per environment.
///
/// The solver holds the block's constraints and the intrinsic sizes, but
/// not the tie-break: a well-posed block has a unique optimum, which every
/// solving order reaches, and the tie-break's hundred-odd extra rows would
/// only slow each build down. Whether the optimum is unique is read from
/// the solver per environment (`ambiguousVariables`, cached by the pattern
/// of tight and broken constraints). Where it is not, the environment is
/// solved by a second solver that has the tie-break too, built on first
/// need: its answer is unique, so again independent of the order.
struct IncrementalSystem {
    let program: LayoutProgram
    let activeVariants: [Int]
    let layout: ConstraintSystem.Layout
    let dense: DenseLayout
    /// Solves the block without the tie-break: the frames wherever they are
    /// unique, and which variables are free.
    private var solver = Solver()
    /// Solves with the tie-break, for environments where some item is free.
    private var tieBroken: Solver?
    private var tieBrokenSuggested: [Double?]
    /// Constraints the solver refused whatever the environment (required
    /// conflicts among the block's own lines), by index.
    private var staticConflicts: [Int: (conflicts: [Int], environment: Bool)] = [:]
    /// The same, as reported in every environment.
    private var staticBroken: [BrokenConstraint] = []
    /// The value last suggested for each environment variable.
    private var suggested: [Double?]
    private var ambiguityBySignature: [SolutionSignature: Ambiguity] = [:]
    /// The solutions found so far, by the environment's values.
    private var solvedByValues: [[Double?]: Solved] = [:]
    private var environmentValues = EnvironmentValues()
    private let environmentVariables: [Variable]
    /// Whether some item has a variable no constraint mentions (the solver
    /// does not know it, so only the tie-break places it).
    private let hasUnconstrainedItem: Bool
    private let labels: LabelTexts
    /// The block's colours and type in each environment.
    private let styles: BlockStyles
    private let ready: Bool

    /// What an environment's values give, whatever the environment.
    private struct Solved {
        var values: [Double]
        var broken: [BrokenConstraint]
        var ambiguous: [String: [String]]
    }

    /// What the solver's solution leaves free, for the environments that
    /// share a signature.
    private struct Ambiguity {
        /// The free attributes of views.
        var views: [String: [String]]
        /// Whether the tie-break must decide (some item is free).
        var needsTieBreak: Bool
    }

    /// - Parameter layout: The block compiled for `activeVariants`.
    /// - Parameter wrappingTexts: The block's wrapping labels, measured once
    ///   for all its systems.
    init(
        program: LayoutProgram, activeVariants: [Int], layout: ConstraintSystem.Layout, wrappingTexts: WrappingTexts,
        styles: BlockStyles = .none
    ) {
        self.program = program
        self.styles = styles
        self.activeVariants = activeVariants
        self.layout = layout
        dense = DenseLayout(layout: layout, program: program)
        environmentVariables = ConstraintSystem.environmentVariables(layout)
        labels = LabelTexts(
            layout: layout, dense: dense, environmentVariables: environmentVariables, wrappingTexts: wrappingTexts,
            measuresBold: !styles.isEmpty)
        suggested = Array(repeating: nil, count: environmentVariables.count)
        tieBrokenSuggested = suggested
        let items = layout.views + layout.stacks
        let layout = self.layout, dense = self.dense
        hasUnconstrainedItem = items.contains { name in
            (layout.items[name]?.all ?? []).contains { dense.position[$0].map { dense.unconstrained[$0] } ?? false }
        }
        let ok = solver.addEditVariables(environmentVariables, strength: Strength(Weights.environment)).isEmpty
        // In one batch: the values are read once, per environment.
        let failures = solver.addConstraints(layout.solverConstraints + layout.intrinsicConstraints)
        for (index, error) in failures where index < layout.solverConstraints.count {
            if case .unsatisfiable(_, let conflicts) = error {
                staticConflicts[layout.solverConstraints[index].tag] = (conflicts.map(\.tag).filter { $0 >= 0 }, conflicts.contains { $0.tag < 0 })
            }
        }
        ready = ok
        let conflicts = staticConflicts, constraints = layout.constraints
        staticBroken = conflicts.keys.sorted().map { index in
            let entry = conflicts[index] ?? ([], false)
            return BrokenConstraint(
                constraint: constraints[index], violation: 0,
                conflicts: entry.conflicts.map { constraints[$0] }, conflictsWithEnvironment: entry.environment)
        }
    }

    /// The solver as `solver` holds it, plus the tie-break.
    private func makeTieBroken() -> Solver {
        var tieBroken = Solver()
        tieBroken.addEditVariables(environmentVariables, strength: Strength(Weights.environment))
        tieBroken.addConstraints(
            layout.solverConstraints.filter { staticConflicts[$0.tag] == nil } + layout.intrinsicConstraints + layout.tieBreaks)
        return tieBroken
    }

    /// Suggests `values` to `solver`, skipping the ones it already holds,
    /// and reads the solution; nil when the environment's values could not
    /// be kept (the block's required constraints move them).
    ///
    /// Static, so that calling it with one of the system's own solvers does
    /// not copy the system: a copy would share the solver's storage, and the
    /// suggestion would then copy the whole tableau before changing it.
    private static func resolve(
        _ solver: inout Solver, _ suggested: inout [Double?], _ values: [Double?], variables environmentVariables: [Variable],
        dense: DenseLayout
    ) -> [Double]? {
        var changes: [(variable: Variable, value: Double)] = []
        for (position, value) in values.enumerated() {
            guard let value, suggested[position] != value else { continue }
            changes.append((environmentVariables[position], value))
        }
        do {
            if !changes.isEmpty { try solver.suggestValues(changes) }
            for (position, value) in values.enumerated() where value != nil { suggested[position] = value }
        } catch {
            return nil
        }
        let current = solver.values(of: dense.variables)
        for (position, value) in values.enumerated() {
            guard let value else { continue }
            if abs(current[dense.environment[position]] - value) > LayoutTolerance.suggestedValue * max(1, abs(value)) { return nil }
        }
        return current
    }

    mutating func solve(_ environment: Environment) -> EnvironmentSolution {
        let style = styles.style(in: environment)
        let values = environmentValues.values(layout: layout, environment: environment, program: program, style: style)
        // Environments with the same values (a landscape-left and its
        // landscape-right, devices of one size) have the same solution: the
        // optimum is unique.
        let solved: Solved
        if let known = solvedByValues[values] {
            solved = known
        } else {
            switch settle(values, style: style, textSize: environment.textSize) {
            case .solved(let fresh):
                solved = fresh
                solvedByValues[values] = fresh
            case .conflicting(let conflicting, let passes):
                return PinnedSolve.solution(
                    program: program, activeVariants: activeVariants, layout: layout, dense: dense, labels: labels,
                    environment: environment, style: style, variables: environmentVariables, values: conflicting,
                    passes: LabelTexts.maximumPasses - passes + 1)
            }
        }
        return makeSolution(
            program: program, activeVariants: activeVariants, layout: layout, dense: dense, labels: labels,
            environment: environment, style: style, values: solved.values, broken: solved.broken, ambiguous: solved.ambiguous)
    }

    /// How solving an environment's values ends.
    private enum Settled {
        case solved(Solved)
        /// The block's required constraints move these values (those of the
        /// `passes`-th solve): the environment is solved pinned from there.
        case conflicting([Double?], passes: Int)
    }

    /// Solves an environment's values; then, while wrapping labels change
    /// size at the width they got, solves again with their new sizes (see
    /// `LabelTexts`). Blocks without wrapping labels solve once.
    private mutating func settle(_ initial: [Double?], style: BlockStyle, textSize: TextSize) -> Settled {
        var values = initial
        var passes = 1
        guard var solved = solveValues(values) else { return .conflicting(values, passes: passes) }
        while passes < LabelTexts.maximumPasses,
              let remeasured = labels.remeasured(values, solved: solved.values, dense: dense, style: style, textSize: textSize) {
            values = remeasured
            passes += 1
            guard let next = solveValues(values) else { return .conflicting(values, passes: passes) }
            solved = next
        }
        return .solved(solved)
    }

    /// The solution for an environment's values, or nil when the block's
    /// required constraints move them (the environment is then solved
    /// pinned).
    private mutating func solveValues(_ values: [Double?]) -> Solved? {
        guard ready, var current = Self.resolve(&solver, &suggested, values, variables: environmentVariables, dense: dense)
        else { return nil }
        let ambiguity = self.ambiguity(current)
        if ambiguity.needsTieBreak {
            // Taken out while it is re-solved, so that it is not shared with
            // `self.tieBroken` and the suggestion does not copy its tableau.
            var tieBroken = self.tieBroken.take() ?? makeTieBroken()
            let tieBrokenValues = Self.resolve(
                &tieBroken, &tieBrokenSuggested, values, variables: environmentVariables, dense: dense)
            self.tieBroken = tieBroken
            guard let tieBrokenValues else { return nil }
            current = tieBrokenValues
        }
        let broken = Self.brokenOptional(layout, dense, current) + staticBroken
        return Solved(values: current, broken: broken.sorted { $0.location < $1.location }, ambiguous: ambiguity.views)
    }

    /// Which items the constraints leave free in the solver's solution.
    ///
    /// The answer depends on the environment only through which inequalities
    /// are tight and which optional constraints are broken; so it is asked
    /// once per such pattern (the "signature" of the solution) and reused
    /// for the environments that share it.
    private mutating func ambiguity(_ current: [Double]) -> Ambiguity {
        var signature = SolutionSignature(capacity: 2 * (dense.constraints.count + dense.intrinsicConstraints.count))
        // The block's constraints and the default content priorities: an
        // optional inequality that gives way (a label squeezed below its
        // intrinsic size) is a different pattern from one with room to spare.
        for list in [dense.constraints, dense.intrinsicConstraints] {
            for constraint in list {
                let residual = constraint.residual(current)
                let scale = max(1, abs(constraint.constant))
                switch constraint.relation {
                case .equal:
                    // Broken on one side or the other: hugging and resistance
                    // share one row, with a different weight on each side.
                    signature.append(!constraint.isRequired && residual > LayoutTolerance.tightness * scale)
                    signature.append(!constraint.isRequired && residual < -LayoutTolerance.tightness * scale)
                case .lessThanOrEqual, .greaterThanOrEqual:
                    signature.append(abs(residual) <= LayoutTolerance.tightness * scale)
                    if !constraint.isRequired {
                        let violated = constraint.relation == .lessThanOrEqual ? residual > LayoutTolerance.tightness * scale : residual < -LayoutTolerance.tightness * scale
                        signature.append(violated)
                    }
                }
            }
        }
        if let known = ambiguityBySignature[signature] { return known }
        let free = solver.ambiguousVariables()
        let result = Ambiguity(
            views: Self.ambiguity(free, dense: dense),
            needsTieBreak: hasUnconstrainedItem || !free.isEmpty)
        ambiguityBySignature[signature] = result
        return result
    }

    /// The optional constraints the solution does not satisfy (by more than
    /// a thousandth of a point).
    static func brokenOptional(_ layout: ConstraintSystem.Layout, _ dense: DenseLayout, _ values: [Double]) -> [BrokenConstraint] {
        var result: [BrokenConstraint] = []
        for constraint in dense.constraints where !constraint.isRequired {
            let residual = constraint.residual(values)
            let violation: Double = switch constraint.relation {
            case .equal: abs(residual)
            case .lessThanOrEqual: max(0, residual)
            case .greaterThanOrEqual: max(0, -residual)
            }
            if violation > LayoutTolerance.brokenConstraint {
                result.append(BrokenConstraint(
                    constraint: layout.constraints[constraint.tag], violation: violation, conflicts: [],
                    conflictsWithEnvironment: false))
            }
        }
        return result
    }

    /// The free variables of views, by view and attribute: those the solver
    /// reports, and those no constraint mentions at all (the solver does not
    /// know them).
    static func ambiguity(_ variables: [Variable], dense: DenseLayout) -> [String: [String]] {
        var free = dense.unconstrained
        for variable in variables {
            if let index = dense.position[variable] { free[index] = true }
        }
        var result: [String: [String]] = [:]
        for view in dense.views {
            var attributes: [String] = []
            if free[view.x] { attributes.append("x") }
            if free[view.y] { attributes.append("y") }
            if free[view.width] { attributes.append("width") }
            if free[view.height] { attributes.append("height") }
            if !attributes.isEmpty { result[view.name] = attributes }
        }
        return result
    }
}
