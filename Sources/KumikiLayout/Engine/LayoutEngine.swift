import KumikiLayoutLanguage
import KumikiSupport
import KumikiSolver

/// Solves layout blocks in every environment they ask for.
///
/// The engine compiles a block once per set of active trait variants and
/// keeps one solver per set: the environment's values (the guides'
/// rectangles, the intrinsic sizes that follow the text size) are edit
/// variables, re-solved per environment with `suggestValue` instead of
/// rebuilding the system.
///
/// The result does not depend on the order environments are solved in.
/// Where the block determines every frame, the optimum is unique and any
/// solving order reaches it; where it does not (read from the solver per
/// environment), a second solver adds a very weak, documented tie-break
/// (`Weights.tieBreakBase`) that makes the optimum unique. Either way an
/// environment solved after twenty others gets the frames a fresh solver
/// gives it alone. When required constraints
/// conflict in an environment (the guides would have to move to satisfy
/// them), that environment is solved afresh with its values pinned and the
/// constraints added in source order; the ones that cannot be added are
/// reported as broken, with the constraints they conflict with, as Auto
/// Layout's "Unable to simultaneously satisfy constraints" does.
public struct LayoutEngine: Sendable {
    public var catalog: DeviceCatalog
    /// Whether a block's systems (one per set of active variants) are built
    /// and solved on several cores at once. The solutions are the same
    /// either way; benchmarks turn it off to measure one core's work.
    public var solvesConcurrently = true

    public init(catalog: DeviceCatalog = .bundled()) {
        self.catalog = catalog
    }

    /// The environments a block's environment lines select (every device in
    /// portrait and both landscapes at the default text size when it has
    /// none), and the problems found in those lines.
    public func environments(for program: LayoutProgram) -> (environments: [Environment], diagnostics: [Diagnostic]) {
        var settings = EnvironmentSettings.default
        var diagnostics: [Diagnostic] = []
        for line in program.environmentLines {
            guard let key = EnvironmentSettings.Key(name: line.key) else {
                diagnostics.append(.error("unknown environment setting '\(line.key)'", at: line.location))
                continue
            }
            diagnostics += settings.set(key, value: line.value, at: line.valueLocation, catalog: catalog)
        }
        do {
            let environments = try settings.environments(in: catalog)
            if let show = program.shownEnvironment, let problem = Self.check(show, among: environments) {
                diagnostics.append(problem)
            }
            return (environments, diagnostics)
        } catch {
            return ([], diagnostics + [error])
        }
    }

    /// An error when the `show:` line names an environment the block does
    /// not have (ids compare ignoring case), with the closest id it has.
    static func check(_ show: EnvironmentLine, among environments: [Environment]) -> Diagnostic? {
        guard !environments.isEmpty, !environments.contains(where: { $0.id.lowercased() == show.value.lowercased() }) else {
            return nil
        }
        let hint = DidYouMean.hint(for: show.value, in: environments.map(\.id))
        let example = hint.isEmpty ? "; the first is '\(environments[0].id)'" : hint
        return .error("'show:' names '\(show.value)', which is not one of the block's environments\(example)", at: show.valueLocation)
    }

    /// Solves `program` in `environments`, or in the environments its
    /// environment lines select when `environments` is nil.
    public func solve(_ program: LayoutProgram, environments: [Environment]? = nil) -> BlockSolution {
        var diagnostics: [Diagnostic] = []
        let selected: [Environment]
        if let environments {
            selected = environments
        } else {
            let found = self.environments(for: program)
            selected = found.environments
            diagnostics += found.diagnostics
        }
        // The work grows with views times environments; past the bound the
        // block is reported and not solved at all.
        let items = program.views.count + program.guides.count
        if items * selected.count > LayoutLimits.maximumViewEnvironments {
            let place = program.environmentLines.last?.location ?? program.firstLine
            let violation = LayoutLimitViolation.tooManyViewEnvironments(items: items, environments: selected.count)
            return BlockSolution(program: program, environments: [], diagnostics: diagnostics + [.error(violation.message, at: place)])
        }

        // One compiled system per set of active variants, in order of first use.
        var order: [[Int]] = []
        var members: [[Int]: [Int]] = [:]
        for (index, environment) in selected.enumerated() {
            let active = Self.activeVariants(of: program, in: environment)
            if members[active] == nil { order.append(active) }
            members[active, default: []].append(index)
        }
        // The systems are independent: they are built and solved in parallel,
        // and their solutions put back in the environments' order.
        let groups = order.map { (active: $0, indices: members[$0] ?? []) }
        var variables = ConstraintSystem.Variables()
        let layouts = groups.map { ConstraintSystem.compile(program, activeVariants: $0.active, variables: &variables) }
        let solveGroup = { @Sendable (number: Int) -> [EnvironmentSolution] in
            var system = IncrementalSystem(program: program, activeVariants: groups[number].active, layout: layouts[number])
            return groups[number].indices.map { system.solve(selected[$0]) }
        }
        let solvedGroups = solvesConcurrently ? concurrentMap(groups.count, solveGroup) : groups.indices.map(solveGroup)
        var solutions = [EnvironmentSolution?](repeating: nil, count: selected.count)
        for (group, solved) in zip(groups, solvedGroups) {
            for (index, solution) in zip(group.indices, solved) { solutions[index] = solution }
        }
        let solved = solutions.compactMap { $0 }
        diagnostics += Self.blockDiagnostics(program, solved)
        return BlockSolution(program: program, environments: solved, diagnostics: diagnostics)
    }

    /// The indices of the variants whose conditions all hold in `environment`.
    public static func activeVariants(of program: LayoutProgram, in environment: Environment) -> [Int] {
        program.variants.indices.filter { index in
            program.variants[index].conditions.allSatisfy { holds($0, in: environment) }
        }
    }

    static func holds(_ condition: TraitCondition, in environment: Environment) -> Bool {
        switch condition {
        case .horizontalSizeClass(let regular): (environment.sizeClasses.horizontal == .regular) == regular
        case .verticalSizeClass(let regular): (environment.sizeClasses.vertical == .regular) == regular
        case .landscape(let yes): environment.orientation.isLandscape == yes
        case .pad(let yes): (environment.device.family == .pad) == yes
        case .textSize(let relation, let size):
            switch relation {
            case .equal: environment.textSize == size
            case .lessThanOrEqual: environment.textSize <= size
            case .greaterThanOrEqual: environment.textSize >= size
            }
        }
    }

    // MARK: Block diagnostics

    static func blockDiagnostics(_ program: LayoutProgram, _ solutions: [EnvironmentSolution]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let total = solutions.count

        // Required conflicts, grouped by the broken constraint and its conflict set.
        struct ConflictKey: Hashable {
            var constraint: LayoutConstraint
            var conflicts: [LayoutConstraint]
            var environment: Bool
        }
        var conflictOrder: [ConflictKey] = []
        var conflictEnvironments: [ConflictKey: [String]] = [:]
        for solution in solutions {
            for broken in solution.broken where broken.constraint.isRequired {
                let key = ConflictKey(constraint: broken.constraint, conflicts: broken.conflicts, environment: broken.conflictsWithEnvironment)
                if conflictEnvironments[key] == nil { conflictOrder.append(key) }
                conflictEnvironments[key, default: []].append(solution.environment.id)
            }
        }
        for key in conflictOrder.sorted(by: { $0.constraint.location < $1.constraint.location }) {
            let ids = conflictEnvironments[key] ?? []
            var notes = key.conflicts.map { Diagnostic.note("it conflicts with '\($0.text)'", at: $0.location) }
            if key.environment {
                notes.append(.note("it conflicts with the environment's screen, safe area, margins or text size", at: key.constraint.location))
            }
            let message = "unable to simultaneously satisfy constraints \(where_(ids, total)); broke '\(key.constraint.text)'"
            diagnostics.append(program.kind == .dont
                ? .warning(message, at: key.constraint.location, notes: notes)
                : .error(message, at: key.constraint.location, notes: notes))
        }

        diagnostics += outOfRangeFrames(program, solutions)

        // Ambiguity, per view and attribute.
        var ambiguous: [String: [String: [String]]] = [:]
        for solution in solutions {
            for (view, attributes) in solution.ambiguousAttributes {
                for attribute in attributes { ambiguous[view, default: [:]][attribute, default: []].append(solution.environment.id) }
            }
        }
        for view in program.views where ambiguous[view.name] != nil {
            let byAttribute = ambiguous[view.name] ?? [:]
            let attributes = ["x", "y", "width", "height"].filter { byAttribute[$0] != nil }
            let ids = Array(Set(attributes.flatMap { byAttribute[$0] ?? [] })).sorted()
            diagnostics.append(.warning(
                "the \(attributes.joined(separator: ", ")) of '\(view.name)' \(attributes.count == 1 ? "is" : "are") not determined by its constraints \(where_(ids, total)); Kumiki's tie-break placed it at the safe area's top-leading corner",
                at: view.location))
        }

        // A `do` block must pass every check, a `dont` block must fail one.
        let withFindings = solutions.filter { !$0.findings.isEmpty }
        switch program.kind {
        case .do where !withFindings.isEmpty:
            let kinds = Array(Set(withFindings.flatMap { $0.findings.map(\.kind.rawValue) })).sorted()
            diagnostics.append(.warning(
                "a 'layout do' block should pass every guideline check, but it has findings (\(kinds.joined(separator: ", "))) \(where_(withFindings.map(\.environment.id), total))",
                at: program.firstLine))
        case .dont where withFindings.isEmpty && !solutions.isEmpty:
            diagnostics.append(.warning(
                "a 'layout dont' block should show a problem, but it passes every guideline check in every environment",
                at: program.firstLine))
        default:
            break
        }
        return diagnostics
    }

    /// "in all 20 environments" or "in 3 of 20 environments (a, b, c)".
    /// Views solved to a position or size no diagram can draw: numbers in
    /// range can still multiply past any bound along a chain
    /// (`b.width = 1000 * a.width`, `c.width = 1000 * b.width`, …), up to
    /// infinity. One error per view, at its declaration.
    static func outOfRangeFrames(_ program: LayoutProgram, _ solutions: [EnvironmentSolution]) -> [Diagnostic] {
        var found: [String: (attribute: String, value: Double, ids: [String])] = [:]
        for solution in solutions {
            for view in program.views {
                guard let frame = solution.frames[view.name] else { continue }
                let values = [("x", frame.x), ("y", frame.y), ("width", frame.width), ("height", frame.height)]
                guard let (attribute, value) = values.first(where: { !(abs($0.1) <= LayoutLimits.largestSolvedValue) }) else { continue }
                if found[view.name] == nil { found[view.name] = (attribute, value, []) }
                found[view.name]?.ids.append(solution.environment.id)
            }
        }
        return program.views.compactMap { view in
            found[view.name].map { problem in
                let violation = LayoutLimitViolation.solvedOutOfRange(
                    view: view.name, attribute: problem.attribute, value: problem.value,
                    environments: where_(problem.ids, solutions.count))
                return .error(violation.message, at: view.location)
            }
        }
    }

    static func where_(_ ids: [String], _ total: Int) -> String {
        if ids.count == total && total > 1 { return "in all \(total) environments" }
        let shown = ids.prefix(4).joined(separator: ", ") + (ids.count > 4 ? ", …" : "")
        return "in \(ids.count) of \(total) environment\(total == 1 ? "" : "s") (\(shown))"
    }
}

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
    private let ready: Bool

    static let deviation = 1e-6

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
    init(program: LayoutProgram, activeVariants: [Int], layout: ConstraintSystem.Layout) {
        self.program = program
        self.activeVariants = activeVariants
        self.layout = layout
        dense = DenseLayout(layout: layout, program: program)
        environmentVariables = ConstraintSystem.environmentVariables(layout)
        labels = LabelTexts(layout: layout, dense: dense, environmentVariables: environmentVariables)
        suggested = Array(repeating: nil, count: environmentVariables.count)
        tieBrokenSuggested = suggested
        let items = layout.views + layout.stacks
        let layout = self.layout, dense = self.dense
        hasUnconstrainedItem = items.contains { name in
            (layout.items[name]?.all ?? []).contains { dense.position[$0].map { dense.unconstrained[$0] } ?? false }
        }
        var ok = true
        let strength = Strength(Weights.environment)
        for variable in environmentVariables {
            do {
                try solver.addEditVariable(variable, strength: strength)
            } catch {
                ok = false
            }
        }
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
        let strength = Strength(Weights.environment)
        for variable in environmentVariables { try? tieBroken.addEditVariable(variable, strength: strength) }
        tieBroken.addConstraints(
            layout.solverConstraints.filter { staticConflicts[$0.tag] == nil } + layout.intrinsicConstraints + layout.tieBreaks)
        return tieBroken
    }

    /// Suggests `values` to `solver`, skipping the ones it already holds,
    /// and reads the solution; nil when the environment's values could not
    /// be kept (the block's required constraints move them).
    private func resolve(_ solver: inout Solver, _ suggested: inout [Double?], _ values: [Double?]) -> [Double]? {
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
            if abs(current[dense.environment[position]] - value) > Self.deviation * max(1, abs(value)) { return nil }
        }
        return current
    }

    mutating func solve(_ environment: Environment) -> EnvironmentSolution {
        let values = environmentValues.values(layout: layout, environment: environment, program: program)
        // Environments with the same values (a landscape-left and its
        // landscape-right, devices of one size) have the same solution: the
        // optimum is unique.
        let solved: Solved
        if let known = solvedByValues[values] {
            solved = known
        } else {
            switch settle(values, pointSize: environment.textSize.bodyPointSize) {
            case .solved(let fresh):
                solved = fresh
                solvedByValues[values] = fresh
            case .conflicting(let conflicting, let passes):
                return PinnedSolve(
                    program: program, activeVariants: activeVariants, layout: layout, dense: dense, labels: labels,
                    environment: environment, variables: environmentVariables, values: conflicting,
                    passes: LabelTexts.maximumPasses - passes + 1).solution
            }
        }
        return makeSolution(
            program: program, activeVariants: activeVariants, layout: layout, dense: dense, labels: labels,
            environment: environment, values: solved.values, broken: solved.broken, ambiguous: solved.ambiguous)
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
    private mutating func settle(_ initial: [Double?], pointSize: Double) -> Settled {
        var values = initial
        var passes = 1
        guard var solved = solveValues(values) else { return .conflicting(values, passes: passes) }
        while passes < LabelTexts.maximumPasses,
              let remeasured = labels.remeasured(values, solved: solved.values, dense: dense, pointSize: pointSize) {
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
        guard ready, var current = resolve(&solver, &suggested, values) else { return nil }
        let ambiguity = self.ambiguity(current)
        if ambiguity.needsTieBreak {
            var tieBroken = self.tieBroken ?? makeTieBroken()
            let tieBrokenValues = resolve(&tieBroken, &tieBrokenSuggested, values)
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
                    signature.append(!constraint.isRequired && residual > 1e-6 * scale)
                    signature.append(!constraint.isRequired && residual < -1e-6 * scale)
                case .lessThanOrEqual, .greaterThanOrEqual:
                    signature.append(abs(residual) <= 1e-6 * scale)
                    if !constraint.isRequired {
                        let violated = constraint.relation == .lessThanOrEqual ? residual > 1e-6 * scale : residual < -1e-6 * scale
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
            if violation > 1e-3 {
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

/// Which constraints a solution holds tight or breaks, and on which side,
/// as bits packed 64 to a word: hashed for every environment, so kept small.
struct SolutionSignature: Hashable {
    private var words: [UInt64] = []
    private var count = 0

    init(capacity: Int) { words.reserveCapacity((capacity + 63) / 64) }

    mutating func append(_ bit: Bool) {
        if count % 64 == 0 { words.append(0) }
        if bit { words[words.count - 1] |= 1 << UInt64(count % 64) }
        count += 1
    }
}

/// An environment solved afresh with its values pinned as required
/// constraints, for environments where the block's required constraints
/// conflict: the constraints are added in source order and those that
/// cannot be are broken, as Auto Layout breaks one of a conflicting set.
struct PinnedSolve {
    var solution: EnvironmentSolution

    /// - Parameter passes: How many solves wrapping labels may take here
    ///   (see `LabelTexts`), this one included.
    init(
        program: LayoutProgram, activeVariants: [Int], layout: ConstraintSystem.Layout, dense: DenseLayout,
        labels: LabelTexts, environment: Environment, variables: [Variable], values initialValues: [Double?], passes: Int
    ) {
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
                  let remeasured = labels.remeasured(values, solved: current, dense: dense, pointSize: environment.textSize.bodyPointSize)
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
        solution = makeSolution(
            program: program, activeVariants: activeVariants, layout: layout, dense: dense, labels: labels,
            environment: environment, values: current, broken: broken.sorted { $0.location < $1.location },
            ambiguous: ambiguous)
    }
}

/// Reads frames from a solved system and runs the guideline checks.
func makeSolution(
    program: LayoutProgram, activeVariants: [Int], layout: ConstraintSystem.Layout, dense: DenseLayout, labels: LabelTexts,
    environment: Environment, values: [Double], broken: [BrokenConstraint], ambiguous: [String: [String]]
) -> EnvironmentSolution {
    let viewFrames = dense.views.map { $0.frame(values) }
    var frames: [String: Rect] = [:]
    frames.reserveCapacity(viewFrames.count + SystemGuide.reported.count)
    for (view, frame) in zip(dense.views, viewFrames) { frames[view.name] = frame }
    for guide in SystemGuide.reported {
        frames[guide] = ConstraintSystem.rect(of: guide, in: environment)
    }
    var guideFrames: [String: Rect] = [:]
    for stack in dense.drawnStacks { guideFrames[stack.name] = stack.frame(values) }
    let findings = GuidelineChecks.findings(
        declarations: dense.declarations, frames: viewFrames, environment: environment)
        + labels.truncations(
            frames: viewFrames, declarations: dense.declarations, solved: values, dense: dense,
            pointSize: environment.textSize.bodyPointSize)
    return EnvironmentSolution(
        environment: environment,
        activeVariants: activeVariants,
        frames: frames, guideFrames: guideFrames, views: layout.views, hiddenViews: layout.hidden,
        broken: broken, ambiguous: layout.views.filter { ambiguous[$0] != nil },
        ambiguousAttributes: ambiguous, findings: findings)
}
