import Foundation

/// A raw constraint system in Kumiki's JSON interchange format, so any solver can be compared with this one.
///
/// ```json
/// {"variables": ["W", "x0", "x1"],
///  "constraints": [{"terms": [[1, "x1"], [-1, "x0"]], "constant": -10, "op": "==", "strength": "required"}],
///  "edits": [{"variable": "W", "strength": "strong", "values": [400, 600, 800]}]}
/// ```
///
/// Each constraint reads `Σ coefficient·variable + constant  op  0`. A
/// strength is `"required"`, `"strong"`, `"medium"`, `"weak"` or a number with
/// kiwi's meaning (strong 1e6, medium 1e3, weak 1). `constant` defaults to 0,
/// `strength` to required, `edits` to none. Every variable a term or an edit
/// names must be listed in `variables`, and every edit has the same number of
/// values (the number of steps).
public struct ConstraintSystemFile: Hashable, Sendable {
    /// One constraint of the file.
    public struct Entry: Hashable, Sendable {
        /// The variable terms.
        public var terms: [Term]
        /// The constant part.
        public var constant: Double
        /// The comparison with zero.
        public var relation: Relation
        /// The strength.
        public var strength: Strength

        /// Creates an entry reading `Σ terms + constant  relation  0`.
        /// - Parameters:
        ///   - terms: The variable terms.
        ///   - constant: The constant part.
        ///   - relation: The comparison with zero.
        ///   - strength: The strength.
        public init(terms: [Term], constant: Double, relation: Relation, strength: Strength) {
            self.terms = terms
            self.constant = constant
            self.relation = relation
            self.strength = strength
        }
    }

    /// One edit variable of the file and the value it takes at each step.
    public struct Edit: Hashable, Sendable {
        /// The edited variable.
        public var variable: Variable
        /// The strength of its edit constraint (not required).
        public var strength: Strength
        /// The suggested value at each step.
        public var values: [Double]

        /// Creates an edit.
        /// - Parameters:
        ///   - variable: The edited variable.
        ///   - strength: The strength of its edit constraint.
        ///   - values: The suggested value at each step.
        public init(variable: Variable, strength: Strength, values: [Double]) {
            self.variable = variable
            self.strength = strength
            self.values = values
        }
    }

    /// What solving a file produced.
    public enum Outcome: Hashable, Sendable {
        /// One solution per step (one when there are no edits): every variable's value by name.
        case solutions([[String: Double]])
        /// Constraint `constraint` (an index into `constraints`) could not be added; it conflicts with `conflicts`.
        case unsatisfiable(constraint: Int, conflicts: [Int])
        /// Solving stopped past its work budget (`maximumSimplexWork`) at `place`: `constraints[I]`
        /// while adding that constraint, `edits` while adding the edit
        /// variables, or `edits[0].values[S]` at step S.
        case tooMuchWork(place: String)
    }

    /// The most constraints a file may list. Each is a row of the tableau:
    /// far more than a layout needs (a layout block has at most 1,000), and
    /// few enough that reading and adding them stays well under a second.
    public static let maximumConstraints = 20_000
    /// The most values a file's solutions may hold: declared variables
    /// times steps. Each step is a solve, and each value is printed.
    public static let maximumSolutionValues = 1_000_000
    /// The most simplex work a file may ask for (`Solver.simplexWork`: rows
    /// read and cells rewritten). Thousands of weak preferences that fight
    /// over the same variables rewrite ever longer rows with every one
    /// added, a cost that grows with the cube of their number; past this
    /// budget solving stops with an error instead of running for minutes.
    /// 5,550 such preferences on one variable fit and solve in about 1.5 s
    /// with a release build; the heaviest bundled workload, 333 views in a
    /// row re-solved in 100 steps (`Benchmarks/Workloads/w3-row.json`),
    /// needs 80 million.
    public static let maximumSimplexWork = 100_000_000

    /// A file that does not follow the format.
    public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, starting with where (a JSON path such as `constraints[2].op`).
        public var message: String

        /// Creates an error with the given message.
        /// - Parameter message: What is wrong.
        public init(_ message: String) { self.message = message }

        /// The message.
        public var description: String { message }
    }

    /// The declared variables, in file order.
    public var variables: [Variable]
    /// The constraints, in file order.
    public var constraints: [Entry]
    /// The edit variables, in file order.
    public var edits: [Edit]

    /// Creates a system.
    /// - Parameters:
    ///   - variables: The declared variables.
    ///   - constraints: The constraints.
    ///   - edits: The edit variables.
    public init(variables: [Variable], constraints: [Entry], edits: [Edit] = []) {
        self.variables = variables
        self.constraints = constraints
        self.edits = edits
    }

    /// The number of steps: the length of every edit's `values`, or 1 without edits.
    public var stepCount: Int { edits.first?.values.count ?? 1 }

    /// The solver constraint for entry `index`: its tag is the index, so equal entries stay distinct.
    /// - Parameter index: An index into `constraints`.
    /// - Returns: The constraint `Σ terms + constant relation 0`.
    public func constraint(at index: Int) -> Constraint {
        let entry = constraints[index]
        return Constraint(
            Expression(terms: entry.terms, constant: entry.constant), entry.relation,
            strength: entry.strength, tag: index)
    }

    /// Adds the constraints in order and then the edit variables to `solver`.
    /// - Parameter solver: The solver to fill; usually empty.
    /// - Throws: `SolverError` from the solver, such as `.unsatisfiable`.
    public func build(into solver: inout Solver) throws(SolverError) {
        for index in constraints.indices { try solver.addConstraint(constraint(at: index)) }
        for edit in edits { try solver.addEditVariable(edit.variable, strength: edit.strength) }
    }

    /// Solves the system: adds the constraints in order, then the edit
    /// variables, then for each step suggests every edit's value and reads every declared variable.
    /// - Returns: The solutions, or which constraint was unsatisfiable and what it conflicts with.
    /// - Parameter workBudget: The simplex work (`Solver.simplexWork`) past
    ///   which solving stops with `.tooMuchWork`; checked after each
    ///   constraint, after the edit variables and after each step.
    public func solve(workBudget: Int = maximumSimplexWork) -> Outcome {
        var solver = Solver()
        do {
            for index in constraints.indices {
                try solver.addConstraint(constraint(at: index))
                if solver.simplexWork > workBudget { return .tooMuchWork(place: "constraints[\(index)]") }
            }
            for edit in edits { try solver.addEditVariable(edit.variable, strength: edit.strength) }
            if solver.simplexWork > workBudget { return .tooMuchWork(place: "edits") }
        } catch {
            if case .unsatisfiable(let constraint, let conflicts) = error {
                return .unsatisfiable(constraint: constraint.tag, conflicts: conflicts.map(\.tag))
            }
            // Validation rules out every other error (duplicate edits, required edits).
            return .solutions([])
        }
        func snapshot() -> [String: Double] {
            var values: [String: Double] = [:]
            for variable in variables { values[variable.name] = solver.value(of: variable) }
            return values
        }
        guard !edits.isEmpty else { return .solutions([snapshot()]) }
        var solutions: [[String: Double]] = []
        for step in 0..<stepCount {
            for edit in edits { try? solver.suggestValue(edit.values[step], for: edit.variable) }
            if solver.simplexWork > workBudget { return .tooMuchWork(place: "edits[0].values[\(step)]") }
            solutions.append(snapshot())
        }
        return .solutions(solutions)
    }
}
