import KumikiSupport
import KumikiLayout
import KumikiLayoutLanguage
import KumikiDiagram

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
/// its views and what was found there. Kept in the build store
/// (`SolvedFrameEntries`), so it holds no source locations: the same
/// block anywhere on any page has the same frames.
struct SolvedFrames: Sendable, Codable {
    struct EnvironmentFrames: Sendable, Codable {
        var environment: EnvironmentFacts
        /// The shown views' frames, in declaration order.
        var views: [ViewFrame]
        var findings: [FindingKey]
    }

    struct ViewFrame: Sendable, Codable {
        var name: String
        var frame: Rect
    }

    /// A finding, a required conflict (`unsatisfiable`) or a view the
    /// constraints leave free (`ambiguous`), in one environment.
    struct FindingKey: Sendable, Hashable, Comparable, Codable {
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

    /// A block solved by `handler` as the build solves it: with the
    /// values its tokens have in each environment, and their type styles.
    static func solve(_ block: FencedBlock, parsed: ParsedLayoutBlock, program: LayoutProgram,
                      handler: LayoutBlockHandler) -> SolvedFrames {
        let solution = handler.solve(block, program: program, parsed: parsed).0
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
                environment: EnvironmentFacts(solved.environment),
                views: solved.views.compactMap { name in solved.frames[name].map { ViewFrame(name: name, frame: $0) } },
                findings: Array(Set(findings)).sorted())
        })
    }
}

/// What naming a group of environments needs to know of one.
struct EnvironmentFacts: Sendable, Codable, Hashable {
    /// `iphone-16-pro/portrait`, as `kumiki render` writes it.
    var id: String
    var device: String
    var deviceName: String
    var family: DeviceFamily
    var orientation: Orientation
    var compactWidth: Bool
    /// "iPhone 16 Pro, portrait" and "iPhone 16 Pro、縦向き".
    var name: Bilingual<String>
    /// The screen's size in points, for drawing the frames.
    var screenWidth: Double
    var screenHeight: Double

    init(_ environment: Environment) {
        id = environment.id
        device = environment.device.id
        deviceName = environment.device.name
        family = environment.device.family
        orientation = environment.orientation
        compactWidth = environment.sizeClasses.horizontal == .compact
        name = EnvironmentNames.name(of: environment)
        screenWidth = environment.screen.width
        screenHeight = environment.screen.height
    }
}
