/// Why a solver refused a call. A solver that throws is left exactly as it was before the call.
public enum SolverError: Error, Hashable, Sendable {
    /// The required constraint cannot hold together with the required constraints already present.
    ///
    /// `conflicts` lists already-present required constraints that, with the
    /// rejected one, cannot all hold; the list is minimal (removing any one
    /// of them makes the rest satisfiable with the rejected constraint) unless
    /// it is very large, and it is in the order the constraints were added.
    case unsatisfiable(Constraint, conflicts: [Constraint])
    /// The constraint is already in the solver.
    case duplicateConstraint(Constraint)
    /// The constraint is not in the solver.
    case unknownConstraint(Constraint)
    /// The variable already has an edit constraint.
    case duplicateEditVariable(Variable)
    /// The variable has no edit constraint.
    case unknownEditVariable(Variable)
    /// Edit variables cannot be required: their suggested values would then
    /// be hard constraints. Nor can either side of an asymmetric preference
    /// (`Constraint.asymmetric`), which also must be an equality.
    case badRequiredStrength
}
