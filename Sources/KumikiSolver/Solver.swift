/// An incremental Cassowary constraint solver.
///
/// `Solver` is a value type: copying a solver copies its whole state (lazily,
/// copy-on-write), and the copies evolve independently. Add required
/// constraints and preferences, mark variables as edit variables and suggest
/// values for them, then read every variable's value. After each call the
/// values are those of an optimal solution: every required constraint holds,
/// and the weighted sum of the preferences' violations is minimal.
///
/// Every call that throws leaves the solver exactly as it was before the call
/// (same constraints, same edit variables, same values).
///
/// ```swift
/// var solver = Solver()
/// let left = Variable("left"), width = Variable("width")
/// try solver.addConstraint(Constraint(left + width, .lessThanOrEqual, 320))
/// try solver.addConstraint(Constraint(width, .equal, 400, strength: .strong))
/// solver.value(of: width)   // 320 (with left = 0)
/// ```
///
/// - Complexity: Adding a constraint whose row introduces a variable the
///   solver has never seen costs O(size of the constraint). Other additions
///   and suggestions cost simplex pivots over the restricted rows only.
///   Removing a constraint or an edit variable rebuilds the tableau from the
///   remaining constraints, in the order they were added.
public struct Solver: Sendable {
    var core = SolverCore()
    /// The constraints present, with the symbols created for them and their insertion order.
    var constraints: [Constraint: ConstraintRecord] = [:]
    /// The edit variables, with their edit constraint and last suggested value.
    var edits: [Variable: EditRecord] = [:]
    /// The next insertion sequence number, shared by constraints and edit variables.
    var nextSequence = 0
    /// The simplex work spent explaining conflicts so far (bounded by
    /// `Solver.conflictFilteringWork`).
    var conflictFilteringWork = 0

    struct ConstraintRecord: Sendable {
        var tag: ConstraintTag
        var sequence: Int
    }

    struct EditRecord: Sendable {
        var tag: ConstraintTag
        var strength: Strength
        var suggestedValue: Double
        var sequence: Int
    }

    /// Creates an empty solver.
    public init() {}

    // MARK: - Constraints

    /// Adds a constraint.
    ///
    /// - Parameter constraint: The constraint to add.
    /// - Throws: `SolverError.duplicateConstraint` when it is already present;
    ///   `SolverError.unsatisfiable` (naming the present required constraints
    ///   it conflicts with) when it is required and cannot hold. The solver is
    ///   unchanged when the call throws.
    public mutating func addConstraint(_ constraint: Constraint) throws(SolverError) {
        if constraints[constraint] != nil { throw .duplicateConstraint(constraint) }
        if !Self.isWellFormed(constraint) { throw .badRequiredStrength }
        do {
            let tag = try core.add(constraint.expression, constraint.relation, constraint.strength, below: constraint.strengthBelow)
            constraints[constraint] = ConstraintRecord(tag: tag, sequence: nextSequence)
            nextSequence += 1
        } catch {
            switch error {
            case .unsatisfiable(let involved):
                throw .unsatisfiable(constraint, conflicts: explainConflict(of: constraint, involved: involved))
            }
        }
    }

    /// Adds constraints in order, as one `addConstraint` call each would,
    /// but optimizes and brings the variables' values up to date once, at
    /// the end.
    ///
    /// Building a system this way skips re-evaluating every variable after
    /// every constraint, which makes the build quadratic, and the simplex
    /// pivots towards the optimum of each partial system. Each constraint is
    /// still added to a feasible tableau, so the same ones are refused.
    /// - Parameter constraints: The constraints, in the order to add them.
    /// - Returns: The position in `constraints` and the error of each one that
    ///   could not be added (`addConstraint` would have thrown); the others
    ///   are added as if those had never been tried.
    @discardableResult
    public mutating func addConstraints(_ constraints: [Constraint]) -> [(index: Int, error: SolverError)] {
        var failures: [(index: Int, error: SolverError)] = []
        self.constraints.reserveCapacity(self.constraints.count + constraints.count)
        // Each constraint makes a row and at most two markers, and may
        // bring in new variables.
        let terms = constraints.reduce(0) { $0 + $1.expression.terms.count }
        core.reserveCapacity(symbols: 2 * constraints.count + terms, rows: constraints.count)
        for (index, constraint) in constraints.enumerated() {
            if self.constraints[constraint] != nil {
                failures.append((index, .duplicateConstraint(constraint)))
                continue
            }
            if !Self.isWellFormed(constraint) {
                failures.append((index, .badRequiredStrength))
                continue
            }
            do {
                let tag = try core.add(
                    constraint.expression, constraint.relation, constraint.strength, below: constraint.strengthBelow,
                    updatingValues: false, optimizing: false)
                self.constraints[constraint] = ConstraintRecord(tag: tag, sequence: nextSequence)
                nextSequence += 1
            } catch {
                switch error {
                case .unsatisfiable(let involved):
                    failures.append((index, .unsatisfiable(constraint, conflicts: explainConflict(of: constraint, involved: involved))))
                }
            }
        }
        core.optimize()
        core.updateValues()
        return failures
    }

    /// Whether a constraint's strengths fit together: a second strength only
    /// on a preference equality, and never required.
    static func isWellFormed(_ constraint: Constraint) -> Bool {
        guard let below = constraint.strengthBelow else { return true }
        return constraint.relation == .equal && !constraint.strength.isRequired && !below.isRequired
    }

    /// Removes a constraint.
    ///
    /// - Parameter constraint: A constraint previously added.
    /// - Throws: `SolverError.unknownConstraint` when it is not present (the solver is then unchanged).
    /// - Complexity: Rebuilds the tableau from the remaining constraints.
    public mutating func removeConstraint(_ constraint: Constraint) throws(SolverError) {
        guard constraints.removeValue(forKey: constraint) != nil else { throw .unknownConstraint(constraint) }
        rebuild()
    }

    /// Whether the constraint is present.
    /// - Parameter constraint: The constraint to look for.
    /// - Returns: `true` when an equal constraint was added and not removed.
    public func hasConstraint(_ constraint: Constraint) -> Bool {
        constraints[constraint] != nil
    }

    /// Every constraint present, in the order they were added.
    public var allConstraints: [Constraint] {
        constraints.sorted { $0.value.sequence < $1.value.sequence }.map(\.key)
    }

    // MARK: - Edit variables

    /// Makes `variable` an edit variable: a preference `variable == suggested value` of the given strength.
    ///
    /// The suggested value starts at 0; change it with `suggestValue(_:for:)`.
    /// - Parameters:
    ///   - variable: The variable to edit.
    ///   - strength: How strongly suggestions are followed; must not be required.
    /// - Throws: `SolverError.duplicateEditVariable` when it is already an edit
    ///   variable; `SolverError.badRequiredStrength` for a required strength.
    public mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        if edits[variable] != nil { throw .duplicateEditVariable(variable) }
        if strength.isRequired { throw .badRequiredStrength }
        guard let tag = try? core.add(Expression(variable), .equal, strength) else {
            // A preference is never unsatisfiable; nothing was changed.
            return
        }
        edits[variable] = EditRecord(tag: tag, strength: strength, suggestedValue: 0, sequence: nextSequence)
        nextSequence += 1
    }

    /// Makes each of `variables` an edit variable, as one `addEditVariable`
    /// call each would, but brings the variables' values up to date once, at
    /// the end.
    /// - Parameters:
    ///   - variables: The variables to edit, in order.
    ///   - strength: How strongly suggestions are followed; must not be required.
    /// - Returns: The position in `variables` and the error of each one that
    ///   could not be made an edit variable (`addEditVariable` would have
    ///   thrown); the others are added as if those had never been tried.
    @discardableResult
    public mutating func addEditVariables(_ variables: [Variable], strength: Strength) -> [(index: Int, error: SolverError)] {
        guard !strength.isRequired else { return variables.indices.map { ($0, .badRequiredStrength) } }
        var failures: [(index: Int, error: SolverError)] = []
        edits.reserveCapacity(edits.count + variables.count)
        core.reserveCapacity(symbols: 3 * variables.count, rows: variables.count)
        for (index, variable) in variables.enumerated() {
            if edits[variable] != nil {
                failures.append((index, .duplicateEditVariable(variable)))
                continue
            }
            // A preference is never unsatisfiable.
            guard let tag = try? core.add(Expression(variable), .equal, strength, updatingValues: false, optimizing: false) else { continue }
            edits[variable] = EditRecord(tag: tag, strength: strength, suggestedValue: 0, sequence: nextSequence)
            nextSequence += 1
        }
        core.optimize()
        core.updateValues()
        return failures
    }

    /// Removes an edit variable and its edit constraint.
    /// - Parameter variable: An edit variable.
    /// - Throws: `SolverError.unknownEditVariable` when it is not an edit variable.
    /// - Complexity: Rebuilds the tableau from the remaining constraints.
    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard edits.removeValue(forKey: variable) != nil else { throw .unknownEditVariable(variable) }
        rebuild()
    }

    /// Whether `variable` is an edit variable.
    /// - Parameter variable: The variable.
    /// - Returns: `true` after `addEditVariable` and before `removeEditVariable`.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[variable] != nil
    }

    /// Suggests a value for an edit variable and re-solves (dual simplex).
    /// - Parameters:
    ///   - value: The value the edit variable should take.
    ///   - variable: An edit variable.
    /// - Throws: `SolverError.unknownEditVariable` when it is not an edit variable.
    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard var record = edits[variable] else { throw .unknownEditVariable(variable) }
        let delta = value - record.suggestedValue
        record.suggestedValue = value
        edits[variable] = record
        core.suggest(delta: delta, tag: record.tag)
    }

    /// Suggests values for several edit variables and re-solves once.
    ///
    /// The solution is the one `suggestValue` calls for the same values
    /// reach whenever the optimum is unique (when it is not, both reach an
    /// optimal solution, not necessarily the same one). Re-solving once
    /// instead of once per variable is what makes a batch cheaper.
    /// - Parameter suggestions: Each edit variable with its value.
    /// - Throws: `SolverError.unknownEditVariable` for the first variable that
    ///   is not an edit variable; the solver is then unchanged.
    public mutating func suggestValues(_ suggestions: [(variable: Variable, value: Double)]) throws(SolverError) {
        // Each variable is looked up once: its record's place is kept for the update.
        var places: [Dictionary<Variable, EditRecord>.Index] = []
        places.reserveCapacity(suggestions.count)
        for (variable, _) in suggestions {
            guard let place = edits.index(forKey: variable) else { throw .unknownEditVariable(variable) }
            places.append(place)
        }
        var deltas: [(delta: Double, tag: ConstraintTag)] = []
        deltas.reserveCapacity(suggestions.count)
        for (place, suggestion) in zip(places, suggestions) {
            let record = edits.values[place]
            deltas.append((suggestion.value - record.suggestedValue, record.tag))
            edits.values[place].suggestedValue = suggestion.value
        }
        core.suggest(deltas)
    }

    // MARK: - Reading the solution

    /// The value of a variable in the current solution.
    /// - Parameter variable: Any variable.
    /// - Returns: Its value, or 0 when the solver has never seen it.
    public func value(of variable: Variable) -> Double {
        guard let symbol = core.symbolOfVariable.symbol(for: variable) else { return 0 }
        return core.values[Int(symbol)]
    }

    /// The values of several variables, in order (0 for unknown ones).
    /// - Parameter variables: Any variables.
    /// - Returns: `value(of:)` of each.
    public func values(of variables: [Variable]) -> [Double] {
        variables.map { variable in
            guard let symbol = core.symbolOfVariable.symbol(for: variable) else { return 0 }
            return core.values[Int(symbol)]
        }
    }

    /// Every variable the solver knows, sorted by name.
    public var variables: [Variable] {
        core.symbolOfVariable.entries.map(\.variable).sorted { $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars) }
    }

    /// The work the simplex has done since the tableau was last built
    /// (removals rebuild it): the restricted rows each substitution and
    /// each choice of a pivot read, and the cells they rewrote, objective
    /// included. The solver's time
    /// grows with this figure; a caller that must bound it reads it
    /// between calls.
    public var simplexWork: Int { core.simplexWork }

    /// Removes every constraint and edit variable.
    public mutating func reset() {
        self = Solver()
    }

    // MARK: - Rebuilding

    /// Rebuilds the tableau from the constraints and edit variables present,
    /// in their insertion order, then re-applies the suggested values.
    ///
    /// A subset of a satisfiable set of required constraints is satisfiable,
    /// so replaying cannot fail; a constraint rejected through rounding would
    /// be skipped rather than corrupt the tableau.
    mutating func rebuild() {
        enum Entry { case constraint(Constraint), edit(Variable, EditRecord) }
        var entries: [(sequence: Int, entry: Entry)] = constraints.map { ($0.value.sequence, .constraint($0.key)) }
        entries += edits.map { ($0.value.sequence, .edit($0.key, $0.value)) }
        entries.sort { $0.sequence < $1.sequence }
        var fresh = SolverCore()
        var newConstraints: [Constraint: ConstraintRecord] = [:]
        var newEdits: [Variable: EditRecord] = [:]
        for (sequence, entry) in entries {
            switch entry {
            case .constraint(let constraint):
                if let tag = try? fresh.add(constraint.expression, constraint.relation, constraint.strength, below: constraint.strengthBelow) {
                    newConstraints[constraint] = ConstraintRecord(tag: tag, sequence: sequence)
                }
            case .edit(let variable, var record):
                if let tag = try? fresh.add(Expression(variable), .equal, record.strength) {
                    record.tag = tag
                    record.suggestedValue = 0
                    newEdits[variable] = record
                }
            }
        }
        for (variable, record) in edits.sorted(by: { $0.value.sequence < $1.value.sequence }) {
            guard var rebuilt = newEdits[variable] else { continue }
            fresh.suggest(delta: record.suggestedValue, tag: rebuilt.tag)
            rebuilt.suggestedValue = record.suggestedValue
            newEdits[variable] = rebuilt
        }
        core = fresh
        constraints = newConstraints
        edits = newEdits
    }
}
