extension Solver {
    /// The largest certificate that deletion filtering shrinks; beyond it the certificate is returned as found.
    static let conflictFilteringLimit = 200

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
    func explainConflict(of rejected: Constraint, involved: [Int32]) -> [Constraint] {
        var ownerOfMarker: [Int32: Constraint] = [:]
        for (constraint, record) in constraints where constraint.strength.isRequired {
            ownerOfMarker[record.tag.marker] = constraint
        }
        let sequence = { (constraint: Constraint) in self.constraints[constraint]?.sequence ?? 0 }
        var candidates = Array(Set(involved.compactMap { ownerOfMarker[$0] })).sorted { sequence($0) < sequence($1) }
        if !Solver.isInfeasible(candidates, with: rejected) {
            // Rounding made the certificate incomplete: start from every required constraint.
            candidates = constraints.keys.filter(\.strength.isRequired).sorted { sequence($0) < sequence($1) }
        }
        guard candidates.count <= Solver.conflictFilteringLimit else { return candidates }
        var index = 0
        while index < candidates.count {
            var trial = candidates
            trial.remove(at: index)
            if Solver.isInfeasible(trial, with: rejected) {
                candidates = trial
            } else {
                index += 1
            }
        }
        return candidates
    }

    /// Whether `rejected` cannot be added to a fresh solver holding only `constraints`.
    static func isInfeasible(_ constraints: [Constraint], with rejected: Constraint) -> Bool {
        var core = SolverCore()
        for constraint in constraints {
            guard (try? core.add(constraint.expression, constraint.relation, .required)) != nil else { return true }
        }
        do {
            _ = try core.add(rejected.expression, rejected.relation, .required)
            return false
        } catch {
            return true
        }
    }
}
