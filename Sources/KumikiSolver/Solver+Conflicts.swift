extension Solver {
    /// The largest certificate that deletion filtering shrinks; beyond it the certificate is returned as found.
    static let conflictFilteringLimit = 200

    /// The simplex work (`simplexWork`'s units) one solver spends on
    /// shrinking certificates, over all its conflicts. Filtering re-solves
    /// the certificate once per constraint in it, so a system with many
    /// conflicts of a few hundred constraints each took seconds; past the
    /// budget a certificate is returned as found, which still proves its
    /// conflict, only with more constraints than it needs.
    static let conflictFilteringWork = 100_000

    /// The present required constraints that `rejected` conflicts with: a minimal set when feasible to compute.
    ///
    /// Runs only when an addition fails. The simplex's infeasibility
    /// certificate (the constraints whose markers appear in the final
    /// artificial objective, or in the all-dummy row) already proves the
    /// conflict; deletion filtering then drops every constraint whose removal
    /// keeps the rest infeasible, by re-solving small systems from scratch.
    /// - Parameters:
    ///   - rejected: The constraint that could not be added.
    ///   - involved: The symbols of the certificate.
    /// - Returns: Constraints in insertion order.
    mutating func explainConflict(of rejected: Constraint, involved: [Int32]) -> [Constraint] {
        var ownerOfMarker: [Int32: Constraint] = [:]
        for (constraint, record) in constraints where constraint.strength.isRequired {
            ownerOfMarker[record.tag.marker] = constraint
        }
        let records = constraints
        let sequence = { (constraint: Constraint) in records[constraint]?.sequence ?? 0 }
        var candidates = Array(Set(involved.compactMap { ownerOfMarker[$0] })).sorted { sequence($0) < sequence($1) }
        if !isInfeasible(candidates, with: rejected) {
            // Rounding made the certificate incomplete: start from every required constraint.
            candidates = constraints.keys.filter(\.strength.isRequired).sorted { sequence($0) < sequence($1) }
        }
        guard candidates.count <= Solver.conflictFilteringLimit else { return candidates }
        var index = 0
        while index < candidates.count, conflictFilteringWork < Solver.conflictFilteringWork {
            var trial = candidates
            trial.remove(at: index)
            if isInfeasible(trial, with: rejected) {
                candidates = trial
            } else {
                index += 1
            }
        }
        return candidates
    }

    /// Whether `rejected` cannot be added to a fresh solver holding only
    /// `constraints`; the work is counted in `conflictFilteringWork`.
    private mutating func isInfeasible(_ constraints: [Constraint], with rejected: Constraint) -> Bool {
        let (infeasible, work) = Solver.infeasibility(of: constraints, with: rejected)
        conflictFilteringWork += work
        return infeasible
    }

    /// Whether `rejected` cannot be added to a fresh solver holding only `constraints`.
    static func isInfeasible(_ constraints: [Constraint], with rejected: Constraint) -> Bool {
        infeasibility(of: constraints, with: rejected).infeasible
    }

    /// Feasibility needs neither the variables' values nor an optimum, so
    /// neither is brought up to date after each constraint: doing so made
    /// each trial quadratic in the certificate. The work is the simplex's
    /// and one for each constraint added.
    private static func infeasibility(of constraints: [Constraint], with rejected: Constraint) -> (infeasible: Bool, work: Int) {
        var core = SolverCore()
        var added = 0
        func add(_ constraint: Constraint) -> Bool {
            added += 1
            return (try? core.add(constraint.expression, constraint.relation, .required, updatingValues: false, optimizing: false)) != nil
        }
        for constraint in constraints where !add(constraint) { return (true, core.simplexWork + added) }
        return (!add(rejected), core.simplexWork + added)
    }
}
