import KumikiLayoutLanguage
import KumikiSupport

/// A problem with a solved block as a whole, as data: what was found, in
/// which environments (by id, of `total`), and where. KumikiDiagram's
/// `BlockSolution.diagnostics` words them.
public enum BlockProblem: Hashable, Sendable {
    /// An environment line or the `show:` line that could not be used.
    case setting(EnvironmentSettingProblem)
    /// More views and guides times environments than a block may solve.
    case tooManyViewEnvironments(items: Int, environments: Int, at: SourceLocation)
    /// Required constraints that cannot all hold: `constraint` was broken;
    /// it conflicts with `conflicts`, and with the environment itself
    /// when `withEnvironment`.
    case requiredConflict(
        constraint: LayoutConstraint, conflicts: [LayoutConstraint], withEnvironment: Bool, environments: [String], total: Int)
    /// A view solved to a position or size no diagram can draw: the first
    /// such attribute (`x`, `y`, `width`, `height`) and its value.
    case solvedOutOfRange(view: String, attribute: String, value: Double, environments: [String], total: Int, at: SourceLocation)
    /// The attributes of a view its constraints leave free.
    case ambiguous(view: String, attributes: [String], environments: [String], total: Int, at: SourceLocation)
    /// A `layout do` block with findings, of these kinds.
    case doBlockWithFindings(kinds: [String], environments: [String], total: Int, at: SourceLocation)
    /// A `layout dont` block that passes every check everywhere.
    case dontBlockWithoutFindings(at: SourceLocation)

    /// The problems of a block solved in `solutions`, in the order they
    /// are reported: required conflicts by the broken line, frames out of
    /// range, ambiguity by view, then the `do`/`dont` expectation.
    /// - Parameter areEvery: whether `solutions` are every environment the
    ///   block selects, not some asked for (`kumiki render --env`): only
    ///   then does a `dont` block that shows no problem in them show none.
    static func problems(of program: LayoutProgram, in solutions: [EnvironmentSolution], areEvery: Bool = true) -> [BlockProblem] {
        conflicts(solutions) + outOfRangeFrames(program, solutions) + ambiguity(program, solutions)
            + expectation(program, solutions, areEvery: areEvery)
    }

    /// Required conflicts, grouped by the broken constraint and its conflict set.
    private static func conflicts(_ solutions: [EnvironmentSolution]) -> [BlockProblem] {
        struct ConflictKey: Hashable {
            var constraint: LayoutConstraint
            var conflicts: [LayoutConstraint]
            var environment: Bool
        }
        var order: [ConflictKey] = []
        var environments: [ConflictKey: [String]] = [:]
        for solution in solutions {
            for broken in solution.broken where broken.constraint.isRequired {
                let key = ConflictKey(constraint: broken.constraint, conflicts: broken.conflicts, environment: broken.conflictsWithEnvironment)
                if environments[key] == nil { order.append(key) }
                environments[key, default: []].append(solution.environment.id)
            }
        }
        return order.sorted(by: { $0.constraint.location < $1.constraint.location }).map { key in
            .requiredConflict(
                constraint: key.constraint, conflicts: key.conflicts, withEnvironment: key.environment,
                environments: environments[key] ?? [], total: solutions.count)
        }
    }

    /// Views solved to a position or size no diagram can draw: numbers in
    /// range can still multiply past any bound along a chain
    /// (`b.width = 1000 * a.width`, `c.width = 1000 * b.width`, …), up to
    /// infinity. One problem per view, at its declaration.
    private static func outOfRangeFrames(_ program: LayoutProgram, _ solutions: [EnvironmentSolution]) -> [BlockProblem] {
        var found: [String: (attribute: String, value: Double, ids: [String])] = [:]
        let limit = LayoutLimits.largestSolvedValue
        var viewNames: Set<String>?
        for solution in solutions {
            // Every frame in range is the common case: it needs no lookup.
            for (name, frame) in solution.frames
            where !(abs(frame.x) <= limit && abs(frame.y) <= limit && abs(frame.width) <= limit && abs(frame.height) <= limit) {
                if viewNames == nil { viewNames = Set(program.views.map(\.name)) }
                guard viewNames?.contains(name) == true else { continue }
                let values = [("x", frame.x), ("y", frame.y), ("width", frame.width), ("height", frame.height)]
                guard let (attribute, value) = values.first(where: { !(abs($0.1) <= limit) }) else { continue }
                if found[name] == nil { found[name] = (attribute, value, []) }
                found[name]?.ids.append(solution.environment.id)
            }
        }
        return program.views.compactMap { view in
            found[view.name].map { problem in
                .solvedOutOfRange(
                    view: view.name, attribute: problem.attribute, value: problem.value, environments: problem.ids,
                    total: solutions.count, at: view.location)
            }
        }
    }

    /// Ambiguity, per view and attribute.
    private static func ambiguity(_ program: LayoutProgram, _ solutions: [EnvironmentSolution]) -> [BlockProblem] {
        var ambiguous: [String: [String: [String]]] = [:]
        for solution in solutions {
            for (view, attributes) in solution.ambiguousAttributes {
                for attribute in attributes { ambiguous[view, default: [:]][attribute, default: []].append(solution.environment.id) }
            }
        }
        return program.views.compactMap { view in
            guard let byAttribute = ambiguous[view.name] else { return nil }
            let attributes = ["x", "y", "width", "height"].filter { byAttribute[$0] != nil }
            let ids = Array(Set(attributes.flatMap { byAttribute[$0] ?? [] })).sorted()
            return .ambiguous(view: view.name, attributes: attributes, environments: ids, total: solutions.count, at: view.location)
        }
    }

    /// A `do` block must pass every check, a `dont` block must fail one.
    private static func expectation(_ program: LayoutProgram, _ solutions: [EnvironmentSolution], areEvery: Bool) -> [BlockProblem] {
        let withFindings = solutions.filter { !$0.findings.isEmpty }
        switch program.kind {
        case .do where !withFindings.isEmpty:
            let kinds = Array(Set(withFindings.flatMap { $0.findings.map(\.kind.rawValue) })).sorted()
            return [.doBlockWithFindings(
                kinds: kinds, environments: withFindings.map(\.environment.id), total: solutions.count, at: program.firstLine)]
        case .dont where withFindings.isEmpty && !solutions.isEmpty && areEvery:
            return [.dontBlockWithoutFindings(at: program.firstLine)]
        default:
            return []
        }
    }
}
