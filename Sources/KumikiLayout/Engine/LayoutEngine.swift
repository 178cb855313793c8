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
    public var catalog: DeviceCatalog {
        didSet { selections = EnvironmentSelections() }
    }
    /// The environments each set of environment lines selects, derived
    /// once per catalog instead of for every block (twice: for its cost,
    /// then for its solve), which was a sixth of the engine's time on a
    /// site whose blocks share a few sets of lines.
    private var selections = EnvironmentSelections()
    /// Whether a block's systems (one per set of active variants) are built
    /// and solved on several cores at once. The solutions are the same
    /// either way; benchmarks turn it off to measure one core's work.
    public var solvesConcurrently = true

    public init(catalog: DeviceCatalog = .bundled()) {
        self.catalog = catalog
    }

    /// The environments a block's environment lines select (every device in
    /// portrait and both landscapes at the default text size when it has
    /// none), and the problems found in those lines and its `show:` line.
    public func environments(for program: LayoutProgram) -> (environments: [Environment], problems: [EnvironmentSettingProblem]) {
        let lines = program.environmentLines.map { EnvironmentSelections.Line(key: $0.key, value: $0.value) }
        if let environments = selections.environments(for: lines) {
            let problem = program.shownEnvironment.flatMap { Self.check($0, among: environments) }
            return (environments, problem.map { [$0] } ?? [])
        }
        var settings = EnvironmentSettings.default
        var problems: [EnvironmentSettingProblem] = []
        for line in program.environmentLines {
            guard let key = EnvironmentSettings.Key(name: line.key) else {
                problems.append(.unknownSetting(name: line.key, suggestions: [], at: line.location))
                continue
            }
            problems += settings.set(key, value: line.value, at: line.valueLocation, catalog: catalog)
        }
        do {
            let environments = try settings.environments(in: catalog)
            // Lines without problems select the same environments wherever
            // they are (the places are kept for the problems' sake only).
            if problems.isEmpty { selections.remember(environments, for: lines) }
            if let show = program.shownEnvironment, let problem = Self.check(show, among: environments) {
                problems.append(problem)
            }
            return (environments, problems)
        } catch {
            return ([], problems + [error])
        }
    }

    /// A problem when the `show:` line names an environment the block does
    /// not have (ids compare ignoring case), with the closest id it has.
    static func check(_ show: EnvironmentLine, among environments: [Environment]) -> EnvironmentSettingProblem? {
        guard !environments.isEmpty, !environments.contains(where: { $0.id.lowercased() == show.value.lowercased() }) else {
            return nil
        }
        return .shownEnvironmentMissing(
            name: show.value, suggestions: Suggestions.closest(to: show.value, among: environments.map(\.id)),
            first: environments[0].id, at: show.valueLocation)
    }

    /// Solves `program` in `environments`, or in the environments its
    /// environment lines select when `environments` is nil.
    ///
    /// `shouldStop` is asked before each environment; once it says yes, the
    /// environments left are not solved and the solution is incomplete, for
    /// the caller to discard (the preview's playground stops a block that
    /// ran past its time budget instead of letting it finish unseen).
    ///
    /// `styles` gives the block's colours and type in each environment
    /// (its `fill`, `textColor` and `font` lines resolved): fonts size the
    /// texts, and colours are checked for contrast and drawn.
    public func solve(
        _ program: LayoutProgram, environments: [Environment]? = nil, styles: BlockStyles = .none,
        until shouldStop: (@Sendable () -> Bool)? = nil
    ) -> BlockSolution {
        solve([program], choosing: { _ in 0 }, environments: environments, styles: styles, until: shouldStop)
    }

    /// Solves a block whose values differ between environments (the design
    /// tokens it names follow the environment's traits): each environment
    /// with the program `choose` gives its index into `programs`. The
    /// programs differ only in their values, so the first one selects the
    /// environments and words the block's problems; the solutions keep the
    /// environments' order and ids.
    public func solve(
        _ programs: [LayoutProgram], choosing choose: (Environment) -> Int, environments: [Environment]? = nil,
        styles: BlockStyles = .none, until shouldStop: (@Sendable () -> Bool)? = nil
    ) -> BlockSolution {
        let program = programs[0]
        var problems: [BlockProblem] = []
        let selected: [Environment]
        if let environments {
            selected = environments
        } else {
            let found = self.environments(for: program)
            selected = found.environments
            problems += found.problems.map(BlockProblem.setting)
        }
        // The work grows with views times environments; past the bound the
        // block is reported and not solved at all.
        let items = program.views.count + program.guides.count
        if items * selected.count > LayoutLimits.maximumViewEnvironments {
            let place = program.environmentLines.last?.location ?? program.firstLine
            problems.append(.tooManyViewEnvironments(items: items, environments: selected.count, at: place))
            return BlockSolution(program: program, environments: [], problems: problems)
        }

        var solutions = [EnvironmentSolution?](repeating: nil, count: selected.count)
        var byProgram: [Int: [Int]] = [:]
        for (index, environment) in selected.enumerated() { byProgram[min(programs.count - 1, max(0, choose(environment))), default: []].append(index) }
        for (number, indices) in byProgram.sorted(by: { $0.key < $1.key }) {
            let solved = solve(programs[number], in: indices.map { selected[$0] }, styles: styles, until: shouldStop)
            for (index, solution) in zip(indices, solved) { solutions[index] = solution }
        }
        let solved = solutions.compactMap { $0 }
        problems += BlockProblem.problems(of: program, in: solved, areEvery: environments == nil)
        return BlockSolution(program: program, environments: solved, problems: problems)
    }

    /// `program` solved in `selected`, in their order; fewer once
    /// `shouldStop` says yes.
    private func solve(
        _ program: LayoutProgram, in selected: [Environment], styles: BlockStyles, until shouldStop: (@Sendable () -> Bool)?
    ) -> [EnvironmentSolution] {
        // One compiled system per set of active variants, in order of first use.
        var order: [[Int]] = []
        var members: [[Int]: [Int]] = [:]
        for (index, environment) in selected.enumerated() {
            let active = Self.activeVariants(of: program, in: environment)
            if members[active] == nil { order.append(active) }
            members[active, default: []].append(index)
        }
        // The systems are independent: they are compiled, built and solved
        // in parallel, and their solutions put back in the environments'
        // order. The cores take the groups in order, so the ones with the
        // most work go first: a small group left for last keeps the cores
        // evenly busy, where a large one would leave one core waiting.
        // (Each group's work is estimated once, not in every comparison.)
        let groups = order.map { active in
            let indices = members[active] ?? []
            return (active: active, indices: indices, work: Self.estimatedWork(of: indices, in: selected))
        }
        .sorted { $0.work > $1.work }
        let wrappingTexts = WrappingTexts(program: program, measuresBold: !styles.isEmpty)
        let solveGroup = { @Sendable (number: Int) -> [EnvironmentSolution] in
            // Each system names its own variables: the names' storage is
            // then private to the core that solves it, where shared names
            // would have both cores count references to the same memory
            // on every copy of a variable (a third of the time lost).
            var named = ConstraintSystem.Variables(naming: program)
            let layout = ConstraintSystem.compile(program, activeVariants: groups[number].active, variables: &named)
            var system = IncrementalSystem(
                program: program, activeVariants: groups[number].active, layout: layout, wrappingTexts: wrappingTexts,
                styles: styles)
            var solved: [EnvironmentSolution] = []
            for index in groups[number].indices {
                if shouldStop?() == true { break }
                solved.append(system.solve(selected[index]))
            }
            return solved
        }
        let solvedGroups = solvesConcurrently ? callerFirstMap(groups.count, solveGroup) : groups.indices.map(solveGroup)
        var solutions = [EnvironmentSolution?](repeating: nil, count: selected.count)
        for (group, solved) in zip(groups, solvedGroups) {
            for (index, solution) in zip(group.indices, solved) { solutions[index] = solution }
        }
        return solutions.compactMap { $0 }
    }

    /// How much solving the environments at `indices` costs, in solves:
    /// environments with the same guides and text size share a solution
    /// (a landscape-left and its landscape-right, devices of one size).
    static func estimatedWork(of indices: [Int], in environments: [Environment]) -> Int {
        struct Values: Hashable {
            var guides: [Rect]
            var textSize: TextSize
        }
        return Set(indices.map { index in
            let environment = environments[index]
            return Values(guides: [environment.window, environment.safeArea, environment.margins, environment.readable],
                          textSize: environment.textSize)
        }).count
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
}
