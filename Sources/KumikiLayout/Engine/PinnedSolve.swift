import KumikiLayoutLanguage
import KumikiSupport
import KumikiSolver

/// An environment solved afresh with its values pinned as required
/// constraints, for environments where the block's required constraints
/// conflict: the constraints are added in source order and those that
/// cannot be are broken, as Auto Layout breaks one of a conflicting set.
enum PinnedSolve {
    /// - Parameter passes: How many solves wrapping labels may take here
    ///   (see `LabelTexts`), this one included.
    static func solution(
        program: LayoutProgram, activeVariants: [Int], layout: ConstraintSystem.Layout, dense: DenseLayout,
        labels: LabelTexts, environment: Environment, style: BlockStyle, variables: [Variable], values initialValues: [Double?],
        passes: Int
    ) -> EnvironmentSolution {
        var values = initialValues
        var solver: Solver
        var pins: [Constraint]
        var broken: [BrokenConstraint]
        var accepted: [Constraint]
        var current: [Double]
        var passesLeft = passes
        repeat {
            solver = Solver()
            pins = []
            for (variable, value) in zip(variables, values) {
                guard let value else { continue }
                let pin = Constraint(Expression(terms: [Term(variable)], constant: -value), .equal, tag: ConstraintSystem.environmentTag)
                try? solver.addConstraint(pin)
                pins.append(pin)
            }
            broken = []
            accepted = []
            for constraint in layout.solverConstraints {
                do {
                    try solver.addConstraint(constraint)
                    accepted.append(constraint)
                } catch {
                    guard case .unsatisfiable(_, let conflicts) = error else { continue }
                    broken.append(BrokenConstraint(
                        constraint: layout.constraints[constraint.tag], violation: 0,
                        conflicts: conflicts.map(\.tag).filter { $0 >= 0 }.map { layout.constraints[$0] },
                        conflictsWithEnvironment: conflicts.contains { $0.tag == ConstraintSystem.environmentTag }))
                }
            }
            solver.addConstraints(layout.intrinsicConstraints + layout.tieBreaks)
            current = solver.values(of: dense.variables)
            passesLeft -= 1
            guard passesLeft > 0,
                  let remeasured = labels.remeasured(
                      values, solved: current, dense: dense, style: style, textSize: environment.textSize)
            else { break }
            values = remeasured
        } while true
        // Measure the broken required ones on the result too.
        for index in broken.indices {
            let tag = layout.constraints.firstIndex(of: broken[index].constraint)
            if let linear = dense.constraints.first(where: { $0.tag == tag }) {
                broken[index].violation = abs(linear.residual(current))
            }
        }
        broken += IncrementalSystem.brokenOptional(layout, dense, current)
        let free = solver.ambiguousVariables(among: dense.viewVariables, ignoring: { $0.tag == ConstraintSystem.tieBreakTag }) ?? {
            // The tie-break decided more than ties: ask a solver without it.
            var twin = Solver()
            twin.addConstraints(pins + accepted + layout.intrinsicConstraints)
            return twin.ambiguousVariables()
        }()
        let ambiguous = IncrementalSystem.ambiguity(free, dense: dense)
        return makeSolution(
            program: program, activeVariants: activeVariants, layout: layout, dense: dense, labels: labels,
            environment: environment, style: style, values: current, broken: broken.sorted { $0.location < $1.location },
            ambiguous: ambiguous)
    }
}
