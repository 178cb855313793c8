import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage

/// A layout block of a page as a reviewer compares it: where it is, what
/// it says, and, once solved, its views' frames and findings in each
/// environment.
struct ReviewedBlock: Sendable {
    /// The block as the build finds it (`FencedBlockFinder`).
    var fenced: FencedBlock
    /// The block's segment on its page.
    var segmentIndex: Int
    /// `title: English | 日本語`, when the block has one.
    var title: Bilingual<String>?

    /// The fence line, as `kumiki render` reports it.
    var line: Int { fenced.start.line }

    /// Whether `other` says exactly the same.
    func isSame(as other: ReviewedBlock) -> Bool {
        fenced.info == other.fenced.info && fenced.text == other.fenced.text
    }
}

/// What a solved block shows a reviewer, per environment: the frames of
/// its views and what was found there.
struct SolvedFrames: Sendable {
    struct EnvironmentFrames: Sendable {
        var environment: Environment
        /// The shown views' frames, by name, in declaration order.
        var views: [(name: String, frame: Rect)]
        var findings: [FindingKey]
    }

    /// A finding, a required conflict (`unsatisfiable`) or a view the
    /// constraints leave free (`ambiguous`), in one environment.
    struct FindingKey: Sendable, Hashable, Comparable {
        var kind: String
        var environment: String
        var views: [String]

        static func < (lhs: FindingKey, rhs: FindingKey) -> Bool {
            (lhs.environment, lhs.kind, lhs.views.joined(separator: "\u{1}"))
                < (rhs.environment, rhs.kind, rhs.views.joined(separator: "\u{1}"))
        }
    }

    /// One per environment, in the block's order; empty for a block that
    /// does not parse or is past its page's bound.
    var environments: [EnvironmentFrames]

    var findings: [FindingKey] { environments.flatMap(\.findings) }

    /// `block` solved by `handler` as the build solves it; `budget` is the
    /// page's bound on views times environments.
    static func solve(_ block: ReviewedBlock, handler: LayoutBlockHandler, budget: inout PageBlockBudget) -> SolvedFrames {
        guard let program = LayoutBlockHandler.parse(block.fenced).program,
              budget.admit(handler.cost(of: program)) == nil else { return SolvedFrames(environments: []) }
        let solution = handler.engine.solve(program)
        return SolvedFrames(environments: solution.environments.map { solved in
            var findings = solved.findings.map { FindingKey(kind: $0.kind.rawValue, environment: solved.environment.id, views: $0.views) }
            for broken in solved.broken where broken.constraint.isRequired {
                let views = [broken.constraint.first.item] + (broken.constraint.second.map { [$0.item] } ?? [])
                findings.append(FindingKey(kind: "unsatisfiable", environment: solved.environment.id,
                                           views: views.filter { solved.views.contains($0) }))
            }
            for view in solved.ambiguous {
                findings.append(FindingKey(kind: "ambiguous", environment: solved.environment.id, views: [view]))
            }
            return EnvironmentFrames(
                environment: solved.environment,
                views: solved.views.compactMap { name in solved.frames[name].map { (name, $0) } },
                findings: Array(Set(findings)).sorted())
        })
    }
}
