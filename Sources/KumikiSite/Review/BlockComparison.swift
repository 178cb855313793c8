import KumikiLayout

/// How a layout block's solution changed between two sides: the
/// environments whose frames moved by more than `tolerance`, grouped by
/// how they moved, and the findings that appeared or went away.
struct BlockComparison: Sendable {
    /// Differences at or below this many points are not changes: solving
    /// the same constraints twice gives the same frames to far better
    /// than this, so nothing under it is a change anyone made.
    static let tolerance = 0.01

    /// A view that moved or resized in one environment: head minus base.
    struct ViewChange: Sendable, Equatable {
        var name: String
        var dx: Double, dy: Double, dw: Double, dh: Double

        func isAlike(_ other: ViewChange) -> Bool {
            name == other.name && abs(dx - other.dx) <= tolerance && abs(dy - other.dy) <= tolerance
                && abs(dw - other.dw) <= tolerance && abs(dh - other.dh) <= tolerance
        }
    }

    /// The environments whose frames changed, in the head's order (then the
    /// base's environments the head no longer has).
    var environments: [String]
    /// Of those, the ones only one side solves the block in: a device the
    /// catalog gained or lost, or a `devices:` line of the block changed.
    var addedEnvironments: Set<String> = []
    var removedEnvironments: Set<String> = []
    /// Each changed environment's views that moved, by id.
    var changes: [String: [ViewChange]]
    var addedFindings: [SolvedFrames.FindingKey]
    var removedFindings: [SolvedFrames.FindingKey]
    /// Every environment the block is solved in, by id, for naming groups.
    var universe: [EnvironmentFacts]
    /// The two solutions compared, for drawing them.
    var base: SolvedFrames?
    var head: SolvedFrames?

    /// Environment `id` drawn on both sides (`nil` when neither side has it).
    func sample(of id: String) -> BlockDiff.Sample? {
        let before = base?.environments.first { $0.environment.id == id }
        let after = head?.environments.first { $0.environment.id == id }
        guard let environment = (after ?? before)?.environment else { return nil }
        let frames = { (solved: SolvedFrames.EnvironmentFrames?) in
            solved.map { $0.views.map { BlockDiff.Frame(name: $0.name, x: $0.frame.x, y: $0.frame.y,
                                                        width: $0.frame.width, height: $0.frame.height) } }
        }
        return BlockDiff.Sample(environment: id, width: environment.screenWidth, height: environment.screenHeight,
                                before: frames(before), after: frames(after))
    }

    var isEmpty: Bool { environments.isEmpty && addedFindings.isEmpty && removedFindings.isEmpty }

    init(base: SolvedFrames?, head: SolvedFrames?) {
        let baseEnvironments = Dictionary((base?.environments ?? []).map { ($0.environment.id, $0) }, uniquingKeysWith: { a, _ in a })
        let headEnvironments = Dictionary((head?.environments ?? []).map { ($0.environment.id, $0) }, uniquingKeysWith: { a, _ in a })
        var environments: [String] = []
        var changes: [String: [ViewChange]] = [:]
        var (addedEnvironments, removedEnvironments): (Set<String>, Set<String>) = ([], [])
        if let base, let head {
            let order = head.environments.map(\.environment.id)
                + base.environments.map(\.environment.id).filter { headEnvironments[$0] == nil }
            for id in order {
                guard let after = headEnvironments[id], let before = baseEnvironments[id] else {
                    environments.append(id)
                    changes[id] = []
                    if headEnvironments[id] == nil { removedEnvironments.insert(id) } else { addedEnvironments.insert(id) }
                    continue
                }
                let old = Dictionary(before.views.map { ($0.name, $0.frame) }, uniquingKeysWith: { a, _ in a })
                var moved: [ViewChange] = []
                var viewsDiffer = Set(before.views.map(\.name)) != Set(after.views.map(\.name))
                for (name, frame) in after.views.map({ ($0.name, $0.frame) }) {
                    guard let earlier = old[name] else { continue }
                    let change = ViewChange(name: name, dx: frame.x - earlier.x, dy: frame.y - earlier.y,
                                            dw: frame.width - earlier.width, dh: frame.height - earlier.height)
                    if [change.dx, change.dy, change.dw, change.dh].contains(where: { !(abs($0) <= Self.tolerance) }) {
                        moved.append(change)
                        viewsDiffer = true
                    }
                }
                if viewsDiffer {
                    environments.append(id)
                    changes[id] = moved
                }
            }
        }
        self.environments = environments
        self.changes = changes
        self.addedEnvironments = addedEnvironments
        self.removedEnvironments = removedEnvironments
        let before = Set(base?.findings ?? []), after = Set(head?.findings ?? [])
        addedFindings = after.subtracting(before).sorted()
        removedFindings = before.subtracting(after).sorted()
        self.base = base
        self.head = head
        universe = (head?.environments ?? []).map(\.environment)
            + (base?.environments ?? []).map(\.environment).filter { headEnvironments[$0.id] == nil }
    }
}
